/**
 * Sound clips the hearing tests make for themselves (nothing binary is committed): speech spoken by espeak-ng, a chord,
 * silence and noise composed sample by sample at 16 kHz, so each test knows to the sample where the speech is; then
 * ffmpeg (Debian) puts them in the containers a person brings — an mp4 with a picture, an audio-only m4a, 8 channels at
 * 96 kHz, a variable-frame-rate phone-style file, a video with no audio stream, a cut-off file and random bytes.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const RATE = 16_000;

function exec(command: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${String(stderr)}`, { cause: error }));
      else resolve(stdout);
    });
  });
}

export const ffmpeg = (args: string[]): Promise<Buffer> => exec('ffmpeg', ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...args]);

/** A temporary folder for one test file's clips; `dispose()` removes it. */
export async function clipDir(): Promise<{ dir: string; path: (name: string) => string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'reelscope-audio-'));
  return { dir, path: (name) => join(dir, name), dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** What espeak-ng says for `text`, as 16 kHz mono samples (its own leading and trailing silence kept). */
export async function espeak(dir: string, text: string, voice = 'en'): Promise<Float32Array> {
  const wav = join(dir, `espeak-${Math.random().toString(36).slice(2)}.wav`);
  await exec('espeak-ng', ['-v', voice, '-s', '150', '-w', wav, text]);
  const raw = await ffmpeg(['-i', wav, '-ac', '1', '-ar', String(RATE), '-f', 'f32le', 'pipe:1']);
  await rm(wav, { force: true });
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
}

export const silence = (seconds: number): Float32Array => new Float32Array(Math.round(seconds * RATE));

/** C major (C4-E4-G4), each note with two quieter overtones, held for `seconds`, with 20 ms fades. */
export function chord(seconds: number, amplitude = 0.12, notes: readonly number[] = [261.63, 329.63, 392.0]): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  const fade = 0.02 * RATE;
  for (let i = 0; i < out.length; i += 1) {
    const t = i / RATE;
    let value = 0;
    for (const f of notes) value += Math.sin(2 * Math.PI * f * t) + 0.4 * Math.sin(4 * Math.PI * f * t) + 0.2 * Math.sin(6 * Math.PI * f * t);
    const envelope = Math.min(1, i / fade, (out.length - i) / fade);
    out[i] = (amplitude * value * envelope) / 1.6;
  }
  return out;
}

/** A tune: notes of `noteSeconds` each over a held bass note, the way backing music moves. */
export function tune(seconds: number, amplitude = 0.1, noteSeconds = 0.5): Float32Array {
  const melody = [523.25, 587.33, 659.25, 783.99, 659.25, 587.33];
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i += 1) {
    const t = i / RATE;
    const note = melody[Math.floor(t / noteSeconds) % melody.length] ?? 523.25;
    const within = (t % noteSeconds) / noteSeconds;
    const envelope = Math.min(1, within * 25, (1 - within) * 25);
    out[i] = amplitude * (0.6 * Math.sin(2 * Math.PI * 130.81 * t) + envelope * (Math.sin(2 * Math.PI * note * t) + 0.3 * Math.sin(4 * Math.PI * note * t)));
  }
  return out;
}

/** White noise at `amplitude` (peak), from a seeded generator so each run hears the same. */
export function noise(seconds: number, amplitude = 0.9, seed = 7): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  let state = seed >>> 0;
  for (let i = 0; i < out.length; i += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out[i] = amplitude * ((state / 2 ** 32) * 2 - 1);
  }
  return out;
}

export function concat(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `a` and `b` summed sample by sample (the longer's length). */
export function mix(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(Math.max(a.length, b.length));
  for (let i = 0; i < out.length; i += 1) out[i] = (a[i] ?? 0) + (b[i] ?? 0);
  return out;
}

/** Where a piece of speech is audible, in seconds from its own start (its samples above a small level). */
export function audibleSpan(samples: Float32Array, level = 0.01): { start: number; end: number } {
  let first = -1;
  let last = -1;
  for (let i = 0; i < samples.length; i += 1) {
    if (Math.abs(samples[i] ?? 0) > level) {
      if (first < 0) first = i;
      last = i;
    }
  }
  return first < 0 ? { start: 0, end: 0 } : { start: first / RATE, end: (last + 1) / RATE };
}

/** Writes samples as a 16-bit mono WAV at 16 kHz. */
export async function writeWav(path: string, samples: Float32Array): Promise<string> {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i += 1) data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i] ?? 0)) * 32767), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  await writeFile(path, Buffer.concat([header, data]));
  return path;
}

const PICTURE = ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=15'];
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** The kinds of file `encodeClip` makes from a sound. */
export type ClipKind = 'mp4' | 'm4a' | 'wav' | 'eightChannels96k' | 'vfr';

/**
 * Puts `samples` in a file of `kind` at `target`: an mp4 with a test picture and AAC sound (moov first, as phones and
 * editors write it); an audio-only m4a; a wav; FLAC with 8 channels at 96 kHz in Matroska (the same sound on every
 * channel); an mp4 whose picture changes frame rate (as phones record) over the sound.
 */
export async function encodeClip(samples: Float32Array, kind: ClipKind, target: string): Promise<string> {
  const wav = await writeWav(`${target}.src.wav`, samples);
  const seconds = samples.length / RATE;
  try {
    switch (kind) {
      case 'wav':
        await ffmpeg(['-i', wav, '-c:a', 'pcm_s16le', target]);
        break;
      case 'mp4':
        await ffmpeg([...PICTURE, '-i', wav, '-t', String(seconds), '-map', '0:v', '-map', '1:a', ...H264, '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', target]);
        break;
      case 'm4a':
        await ffmpeg(['-i', wav, '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', target]);
        break;
      case 'eightChannels96k': {
        const pan = `pan=7.1|${Array.from({ length: 8 }, (_, c) => `c${c}=c0`).join('|')}`;
        await ffmpeg(['-i', wav, '-af', `${pan},aresample=96000`, '-c:a', 'flac', target]);
        break;
      }
      case 'vfr':
        // Frames kept unevenly (runs of 30 fps and 10 fps), their timestamps kept as they are: a variable frame rate.
        await ffmpeg([
          '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=30', '-i', wav, '-t', String(seconds), '-map', '0:v', '-map', '1:a',
          '-vf', "select='if(lt(mod(t,2),1),1,not(mod(n,3)))'", '-fps_mode', 'vfr', ...H264, '-c:a', 'aac', '-b:a', '96k', target,
        ]);
        break;
    }
  } finally {
    await rm(wav, { force: true });
  }
  return target;
}

/** An mp4 with a picture and no audio stream at all. */
export async function videoWithoutSound(target: string, seconds = 3): Promise<string> {
  await ffmpeg([...PICTURE, '-t', String(seconds), ...H264, target]);
  return target;
}

/** A copy of `file` cut to `share` of its bytes, as an upload that stopped half-way leaves it. */
export async function truncatedCopy(file: string, target: string, share = 0.6): Promise<string> {
  await writeFile(target, await readFile(file));
  await truncate(target, Math.floor((await stat(target)).size * share));
  return target;
}

/** Random bytes under a video's name. */
export async function garbageFile(target: string, bytes = 200_000, seed = 11): Promise<string> {
  const data = Buffer.alloc(bytes);
  let state = seed >>> 0;
  for (let i = 0; i < bytes; i += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    data[i] = state >>> 24;
  }
  await writeFile(target, data);
  return target;
}

/**
 * A long silent file made cheaply: 8 kHz unsigned 8-bit PCM in a WAV (86 MB for 3 hours), written without any encoder
 * work, so a test can decode hours of sound without first spending minutes making it.
 */
export async function longSilentWav(target: string, seconds: number): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', String(seconds), '-c:a', 'pcm_u8', target]);
  return target;
}

/** Pids of this process's ffmpeg children, read from /proc (Linux). */
export async function ffmpegChildren(): Promise<number[]> {
  const { readdir } = await import('node:fs/promises');
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      if (ppid === process.pid && comm === 'ffmpeg') pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}
