/**
 * Speech the tests hear: espeak-ng (Debian) says a text, ffmpeg turns it into mono float PCM at 16 kHz, padded with
 * silence to a length. Made in a temp dir each run; no media is committed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let made = 0;

/** `text` spoken by espeak-ng, padded with silence to `seconds` (cut there if longer). */
export function spokenPcm(dir: string, text: string, seconds: number): Float32Array {
  made += 1;
  const wav = join(dir, `speech-${made}.wav`);
  const raw = join(dir, `speech-${made}.f32`);
  execFileSync('espeak-ng', ['-w', wav, text]);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-af', `apad=whole_dur=${seconds}`, '-t', String(seconds), '-ar', '16000', '-ac', '1', '-f', 'f32le', raw]);
  const bytes = readFileSync(raw);
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}
