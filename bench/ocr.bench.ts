/**
 * Words on screen per minute of 720p video (`npm run bench -- ocr`): a 60 s, 1280×720, 25 fps video the bench renders
 * (a photo-like picture with a new caption every 4 s, a price line under some, a cut to a plain card halfway), read as
 * the analysis does — changeFrames (one ffmpeg pass) then the OCR engine on each frame — timed as a ratio to the
 * video's length. Target: ≤ 0.5× real time on this machine (2 shared cores). Also printed, not judged: frames taken,
 * time per frame, model load time, peak RSS, and whether every caption was found.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changeFrames } from '../src/server/analysis/screen/frames';
import { createOcrEngine } from '../src/server/analysis/screen/ocrEngine';
import { comparable, readScreenText } from '../src/server/analysis/screen/screenText';
import { FFMPEG, renderTextVideo, runFfmpeg, type DrawnText } from '../tests/unit/server/analysis/support/renderedText';

const SECONDS = 60;
const TARGET_RATIO = 0.5;
const CAPTIONS = [
  'Glow Serum 20% OFF', 'My morning skincare routine', 'Vitamin C Brightening Drops', 'Use code GLOW15 at checkout',
  'Hydra Cream only $24.99', 'Link in bio for the full routine', 'New formula with hyaluronic acid', 'Swipe up to shop now',
  'Limited edition summer bundle', 'Free shipping on orders over 50', 'Dermatologist tested', 'SPF 50 Daily Sunscreen',
  'Buy 2 get 1 FREE', 'Sponsored by Northwind Coffee', 'Thanks for watching',
];

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'reelscope-ocr-bench-'));
  try {
    const captions: DrawnText[] = CAPTIONS.map((text, index) => ({ text, from: index * 4 + 0.5, to: index * 4 + 3.5, top: 0.7 }));
    const prices: DrawnText[] = [0, 3, 6, 9, 12].map((index) => ({ text: '#ad', size: 'small', top: 0.08, from: index * 4 + 0.5, to: index * 4 + 3.5 }));
    const half = SECONDS / 2;
    const first = await renderTextVideo(dir, [...captions, ...prices].filter((item) => (item.from ?? 0) < half), { seconds: half, background: 'photo', name: 'first' });
    const second = await renderTextVideo(
      dir,
      [...captions, ...prices].filter((item) => (item.from ?? 0) >= half).map((item) => ({ ...item, from: (item.from ?? 0) - half, to: (item.to ?? 0) - half })),
      { seconds: half, background: 'plain', name: 'second' },
    );
    const video = join(dir, 'minute.mp4');
    await runFfmpeg(['-i', first, '-i', second, '-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', video], 600_000);

    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const loadStarted = performance.now();
    const engine = await createOcrEngine();
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    const started = performance.now();
    const frames = await changeFrames(video, { ffmpegPath: FFMPEG, outDir: join(dir, 'frames') });
    const framesSeconds = (performance.now() - started) / 1000;
    const lines = await readScreenText(frames, engine);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await engine.dispose();

    const missed = CAPTIONS.filter((caption) => !lines.some((line) => comparable(line.text) === comparable(caption)));
    const found = CAPTIONS.length - missed.length;
    const ratio = seconds / SECONDS;
    const readFrames = frames.filter((frame, index) => index === 0 || !frame.unchanged).length;
    console.log(`  ${frames.length} frames of ${SECONDS} s of 720p video (${readFrames} read, the rest the same picture as the one before); frames pass ${framesSeconds.toFixed(1)} s, OCR ${((seconds - framesSeconds) * 1000 / Math.max(1, readFrames)).toFixed(0)} ms per frame read`);
    console.log(`  model load ${loadSeconds.toFixed(2)} s (once per worker, not counted); peak RSS ${(peak / 1024 ** 2).toFixed(0)} MiB; captions found ${found} of ${CAPTIONS.length}${missed.length ? ` (missed ${missed.map((caption) => `"${caption}"`).join(', ')}; read ${JSON.stringify(lines.map((line) => line.text))})` : ''}`);
    console.log(`  on-screen text: ${seconds.toFixed(1)} s per minute of 720p video = ${ratio.toFixed(2)}× real time (target ≤ ${TARGET_RATIO}×) ${ratio <= TARGET_RATIO ? 'PASS' : 'MISS'}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
