/**
 * Hearing a minute of 720p video (`npm run bench -- audioDecodeVad`): the sound decoded by ffmpeg to 16 kHz mono
 * (src/server/analysis/hearing/audioDecode.ts) and Silero VAD run over it (voiceActivity.ts), as a ratio to real time —
 * wall seconds per second of video. Target ≤ 0.5× on this machine's 2 cores. Printed beside it, not judged: decoding
 * alone, and decoding + VAD + the audio labels (audioLabels.ts), and where the CPU went (this process vs ffmpeg).
 *
 * The clip is made here: ffmpeg's testsrc2 picture at 1280×720, 30 fps, H.264, with espeak-ng speech between pauses
 * over a chord in parts, as 48 kHz stereo AAC (as a phone records). The three variants are interleaved, their order
 * turning every round, so each sees nearly the same machine; the figure is the median of the rounds, after one warm-up
 * round (the model loaded, the file in the page cache).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PCM_SAMPLE_RATE } from '../src/server/analysis/engines';
import { streamPcm } from '../src/server/analysis/hearing/audioDecode';
import { createAudioLabeller } from '../src/server/analysis/hearing/audioLabels';
import { createVoiceDetector, type VoiceDetector } from '../src/server/analysis/hearing/voiceActivity';
import { chord, concat, espeak, ffmpeg, mix, RATE, silence, writeWav } from '../tests/unit/server/analysis/support/audioClips';
import { median } from './benchStats';

const CLIP_SECONDS = 60;
const ROUNDS = Math.max(1, Number(process.env.REELSCOPE_AUDIO_BENCH_ROUNDS ?? 5));
const TARGET = 0.5;
const TOOLS = { ffmpeg: process.env.REELSCOPE_FFMPEG?.trim() || 'ffmpeg', ffprobe: process.env.REELSCOPE_FFPROBE?.trim() || 'ffprobe' };

const LINES = [
  'Welcome back to the channel. Today I am trying the new Glow Serum for two weeks.',
  'The texture is light, it absorbs quickly and it does not leave my skin sticky.',
  'Use the code GLOW twenty for twenty percent off, the link is in the description.',
  'Honestly, I would recommend it to anyone with dry skin. Let me know what you think.',
];

/** A minute of sound: the lines spoken in turn with pauses, the second half over a chord. */
async function soundtrack(dir: string): Promise<Float32Array> {
  const spoken = await Promise.all(LINES.map((line) => espeak(dir, line)));
  const parts: Float32Array[] = [];
  let length = 0;
  for (let i = 0; length < CLIP_SECONDS * RATE; i += 1) {
    const next = i % 2 === 0 ? spoken[(i / 2) % spoken.length]! : silence(1.5);
    parts.push(next);
    length += next.length;
  }
  const voice = concat(...parts).subarray(0, CLIP_SECONDS * RATE);
  const bed = concat(silence(CLIP_SECONDS / 2), chord(CLIP_SECONDS / 2, 0.06));
  return mix(voice, bed);
}

async function makeClip(dir: string): Promise<string> {
  const wav = await writeWav(join(dir, 'sound.wav'), await soundtrack(dir));
  const file = join(dir, 'minute-720p.mp4');
  await ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-i', wav, '-t', String(CLIP_SECONDS), '-map', '0:v', '-map', '1:a',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-movflags', '+faststart', file,
  ]);
  return file;
}

/** CPU seconds of this process's children that have exited (ffmpeg), from /proc/self/stat (Linux; 0 elsewhere). */
function reapedChildSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

type Variant = 'decode' | 'decode + VAD' | 'decode + VAD + labels';
const VARIANTS: readonly Variant[] = ['decode', 'decode + VAD', 'decode + VAD + labels'];

interface Timing {
  wall: number;
  ownCpu: number;
  ffmpegCpu: number;
}

async function once(file: string, variant: Variant, detector: VoiceDetector): Promise<Timing> {
  const labeller = createAudioLabeller();
  const cpu = process.cpuUsage();
  const children = reapedChildSeconds();
  const started = performance.now();
  const result = await streamPcm(file, { ffmpegPath: TOOLS, windowSeconds: 300 }, async (offset, samples) => {
    if (variant === 'decode') return;
    const spans = await detector.speechSpans(samples, offset);
    if (variant === 'decode + VAD + labels') labeller.add(samples, offset, spans);
  });
  if (variant === 'decode + VAD + labels') labeller.result();
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  if (Math.abs(result.durationSeconds - CLIP_SECONDS) > 0.2) throw new Error(`Decoded ${result.durationSeconds} s of a ${CLIP_SECONDS} s clip`);
  return { wall, ownCpu: (used.user + used.system) / 1e6, ffmpegCpu: reapedChildSeconds() - children };
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'reelscope-audio-bench-'));
  const detector = await createVoiceDetector();
  try {
    const madeAt = performance.now();
    const file = await makeClip(dir);
    console.log(`  clip: ${CLIP_SECONDS} s of 1280×720 30 fps H.264 + 48 kHz stereo AAC, made in ${((performance.now() - madeAt) / 1000).toFixed(1)} s; ${ROUNDS} rounds, load average ${loadavg()[0]?.toFixed(2)}`);
    for (const variant of VARIANTS) await once(file, variant, detector);
    const timings = new Map<Variant, Timing[]>(VARIANTS.map((variant) => [variant, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
      for (const variant of order) timings.get(variant)!.push(await once(file, variant, detector));
    }
    let judged = Infinity;
    for (const variant of VARIANTS) {
      const all = timings.get(variant)!;
      const wall = median(all.map((timing) => timing.wall));
      const ratio = wall / CLIP_SECONDS;
      const own = median(all.map((timing) => timing.ownCpu));
      const ff = median(all.map((timing) => timing.ffmpegCpu));
      if (variant === 'decode + VAD') judged = ratio;
      console.log(
        `  ${variant.padEnd(22)} ${wall.toFixed(2).padStart(6)} s per minute of 720p video = ${ratio.toFixed(3)}× real time`
          + `  (CPU: node ${own.toFixed(2)} s, ffmpeg ${ff.toFixed(2)} s)${variant === 'decode + VAD' ? `  target ≤ ${TARGET}× ${ratio <= TARGET ? 'PASS' : 'MISS'}` : ''}`,
      );
    }
    console.log(`  samples per minute: ${(CLIP_SECONDS * PCM_SAMPLE_RATE).toLocaleString('en')}; decode + VAD would take ${(judged * 180).toFixed(1)} min for a 3-hour video`);
  } finally {
    await detector.dispose();
    await rm(dir, { recursive: true, force: true });
  }
}
