// No database: frames taken where a video's picture changes, by the real ffmpeg, on videos the test renders.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFrames, MAX_SIDE } from '../../../../../src/server/analysis/screen/frames';
import { FFMPEG, renderTextVideo, renderToneOnly, runFfmpeg } from '../support/renderedText';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelscope-frames-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sizeOf = (file: string): [number, number] => {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  const [width = 0, height = 0] = out.trim().split(',').map(Number);
  return [width, height];
};

describe('frames where the picture changes', () => {
  it('takes the first frame, each caption as it appears and goes, and a frame every 2 s of still picture', async () => {
    const video = await renderTextVideo(dir, [{ text: 'Glow Serum', from: 3, to: 5 }], { seconds: 10, background: 'plain', rate: 10, name: 'still' });
    const frames = await changeFrames(video, { ffmpegPath: FFMPEG, outDir: join(dir, 'still-frames') });
    const seconds = frames.map((frame) => frame.second);
    expect(seconds[0]).toBe(0);
    expect(seconds.some((second) => Math.abs(second - 3) < 0.15)).toBe(true);
    // Never more than 2.1 s without a frame, and never two within a second.
    for (let index = 1; index < seconds.length; index += 1) {
      const gap = (seconds[index] ?? 0) - (seconds[index - 1] ?? 0);
      expect(gap).toBeLessThanOrEqual(2.11);
      expect(gap).toBeGreaterThanOrEqual(0.99);
    }
    expect((await readdir(join(dir, 'still-frames'))).length).toBe(frames.length);
    // The frames taken only because 2 s passed show the same picture as the one before; those where the caption comes and goes do not.
    expect(frames.find((frame) => Math.abs(frame.second - 3) < 0.15)?.unchanged).toBe(false);
    // Drawn until 5.0 inclusive: the frame at 5 (2 s on) still shows it; its going, just after, is taken a second after that frame.
    expect(frames.find((frame) => frame.second > 5.05 && frame.second <= 6.1)?.unchanged).toBe(false);
    expect(frames.filter((frame) => frame.second > 6.5).every((frame) => frame.unchanged)).toBe(true);
    expect(frames[0]?.unchanged).toBe(false);
  }, 120_000);

  it('takes at most one frame a second of a picture that moves all the time, scaled to 1280 px on the long side', async () => {
    const video = join(dir, 'moving.mp4');
    // Conway's life: every cell of the picture may change on every frame.
    await runFfmpeg(['-f', 'lavfi', '-i', 'life=s=960x540:r=10:mold=10:ratio=0.3:death_color=#202020:life_color=#ffeecc,scale=1920x1080', '-t', '6', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', video]);
    const frames = await changeFrames(video, { ffmpegPath: FFMPEG, outDir: join(dir, 'moving-frames') });
    expect(frames.length).toBeGreaterThanOrEqual(3);
    expect(frames.length).toBeLessThanOrEqual(6);
    expect(sizeOf(frames[0]?.path ?? '')).toEqual([MAX_SIDE, 720]);
    const capped = await changeFrames(video, { ffmpegPath: FFMPEG, outDir: join(dir, 'capped-frames'), maxFrames: 2 });
    expect(capped).toHaveLength(2);
  }, 120_000);

  it('keeps a portrait video portrait, its long side at most 1280 px', async () => {
    const video = join(dir, 'portrait.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=1080x1920:r=5:d=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', video]);
    const frames = await changeFrames(video, { ffmpegPath: FFMPEG, outDir: join(dir, 'portrait-frames') });
    expect(sizeOf(frames[0]?.path ?? '')).toEqual([720, MAX_SIDE]);
  }, 120_000);

  it('answers no frames for a file without a video stream', async () => {
    const tone = await renderToneOnly(dir);
    expect(await changeFrames(tone, { ffmpegPath: FFMPEG, outDir: join(dir, 'tone-frames') })).toEqual([]);
  }, 60_000);

  it('turns a file ffmpeg cannot read into one sentence, and a missing ffmpeg into another', async () => {
    const corrupt = join(dir, 'corrupt.mp4');
    await writeFile(corrupt, Buffer.from('this is not a video at all, just some bytes'.repeat(100)));
    await expect(changeFrames(corrupt, { ffmpegPath: FFMPEG, outDir: join(dir, 'corrupt-frames') })).rejects.toMatchObject({
      name: 'AnalysisFault', message: 'Reading on-screen text failed: the video file could not be decoded',
    });
    await expect(changeFrames(corrupt, { ffmpegPath: join(dir, 'no-ffmpeg-here'), outDir: join(dir, 'corrupt-frames') })).rejects.toMatchObject({
      name: 'AnalysisFault', message: 'ffmpeg is not installed on this computer, so the words on screen could not be read',
    });
  }, 60_000);

  it('stops ffmpeg and throws AnalysisCancelled when cancelled, leaving no frames', async () => {
    const video = join(dir, 'long.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=120', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', video]);
    const controller = new AbortController();
    const outDir = join(dir, 'long-frames');
    const running = changeFrames(video, { ffmpegPath: FFMPEG, outDir, signal: controller.signal, durationSeconds: 120, onProgress: (fraction) => { if (fraction > 0.05) controller.abort(); } });
    await expect(running).rejects.toMatchObject({ name: 'AnalysisCancelled' });
    expect(await readdir(outDir)).toEqual([]);
    const aborted = new AbortController();
    aborted.abort();
    await expect(changeFrames(video, { ffmpegPath: FFMPEG, outDir, signal: aborted.signal })).rejects.toMatchObject({ name: 'AnalysisCancelled' });
  }, 120_000);
});
