/**
 * streamPcm on files the test makes (espeak-ng speech between silences, put in the containers people bring): the length
 * and sample count, the windows, each bad input's outcome, cancellation killing ffmpeg, and a 3-hour file decoded in
 * memory bounded by the window, not by the length.
 */
import { execFileSync } from 'node:child_process';
import { access, copyFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisCancelled, AnalysisFault, PCM_SAMPLE_RATE } from '../../../../../src/server/analysis/engines';
import {
  DAMAGED_SENTENCE, FFMPEG_MISSING_SENTENCE, FILE_MISSING_SENTENCE, streamPcm, type StreamPcmResult,
} from '../../../../../src/server/analysis/hearing/audioDecode';
import {
  clipDir, concat, encodeClip, espeak, ffmpeg, ffmpegChildren, garbageFile, longSilentWav, RATE, silence, truncatedCopy, videoWithoutSound,
} from '../support/audioClips';

const TOOLS = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
let clips: Awaited<ReturnType<typeof clipDir>>;
let scene: Float32Array;
let sceneSeconds: number;
const files: Record<string, string> = {};

interface Decoded {
  result: StreamPcmResult;
  windows: { offset: number; length: number }[];
  samples: Float32Array;
  progress: number[];
}

async function decode(file: string, windowSeconds = 2, ffmpegPath: string | typeof TOOLS = TOOLS): Promise<Decoded> {
  const windows: { offset: number; length: number }[] = [];
  const parts: Float32Array[] = [];
  const progress: number[] = [];
  const result = await streamPcm(file, { ffmpegPath, windowSeconds, onProgress: (fraction) => progress.push(fraction) }, async (offset, samples) => {
    windows.push({ offset, length: samples.length });
    parts.push(samples);
    await Promise.resolve();
  });
  return { result, windows, samples: concat(...parts), progress };
}

/** The scene's length, give or take the frame AAC fills at the end (1024 samples: 64 ms at 16 kHz). */
function expectLength(seconds: number): void {
  expect(Math.abs(seconds - sceneSeconds)).toBeLessThanOrEqual(0.1);
}

async function faultOf(promise: Promise<unknown>): Promise<AnalysisFault> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AnalysisFault);
  return error as AnalysisFault;
}

/** Normalised correlation of two signals over the shorter's length. */
function correlation(a: Float32Array, b: Float32Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return ab / Math.sqrt(aa * bb);
}

beforeAll(async () => {
  clips = await clipDir();
  const first = await espeak(clips.dir, 'The Glow Serum feels light on my skin and it absorbs quickly.');
  const second = await espeak(clips.dir, 'Honestly I would recommend it to anyone with dry skin.');
  scene = concat(silence(1), first, silence(1), second, silence(1));
  sceneSeconds = scene.length / RATE;
  files.mp4 = await encodeClip(scene, 'mp4', clips.path('review.mp4'));
  files.m4a = await encodeClip(scene, 'm4a', clips.path('review.m4a'));
  files.wav = await encodeClip(scene, 'wav', clips.path('review.wav'));
  files.eight = await encodeClip(scene, 'eightChannels96k', clips.path('review-7.1-96k.mkv'));
  files.vfr = await encodeClip(scene, 'vfr', clips.path('phone-vfr.mp4'));
  files.silentVideo = await videoWithoutSound(clips.path('no-sound.mp4'), 3);
  files.truncated = await truncatedCopy(files.mp4, clips.path('cut.mp4'), 0.6);
  // An mp4 whose index (moov) is written last, cut before it: nothing in it can be found.
  await ffmpeg(['-i', files.mp4, '-c', 'copy', clips.path('index-last.mp4')]);
  files.cutBeforeIndex = await truncatedCopy(clips.path('index-last.mp4'), clips.path('cut-before-index.mp4'), 0.6);
  files.garbage = await garbageFile(clips.path('garbage.mp4'));
  files.empty = clips.path('empty.mp4');
  await writeFile(files.empty, '');
  files.long = await longSilentWav(clips.path('three-hours.wav'), 3 * 60 * 60);
}, 120_000);

afterAll(async () => {
  await clips.dispose();
});

describe('streamPcm', () => {
  it('decodes an mp4\'s sound to 16 kHz mono: its length, every sample, in windows handed in order', async () => {
    const { result, windows, samples, progress } = await decode(files.mp4!, 2);
    expect(result.hasAudio).toBe(true);
    expectLength(result.durationSeconds);
    expect(samples.length).toBe(Math.round(result.durationSeconds * PCM_SAMPLE_RATE));
    // Whole windows of 2 s, then the rest; each starting where the last ended.
    for (const [i, window] of windows.entries()) {
      expect(window.offset).toBeCloseTo(i * 2, 6);
      if (i < windows.length - 1) expect(window.length).toBe(2 * PCM_SAMPLE_RATE);
    }
    expect(windows.length).toBe(Math.ceil(samples.length / (2 * PCM_SAMPLE_RATE)));
    expect(correlation(samples, scene)).toBeGreaterThan(0.9);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((fraction, i) => i === 0 || fraction >= progress[i - 1]!)).toBe(true);
  });

  it('reads an audio-only m4a and a wav', async () => {
    for (const file of [files.m4a!, files.wav!]) {
      const { result, samples } = await decode(file, 5);
      expect(result.hasAudio).toBe(true);
      expectLength(result.durationSeconds);
      expect(correlation(samples, scene)).toBeGreaterThan(0.9);
    }
    const wav = await decode(files.wav!, 5);
    expect(wav.samples.length).toBe(scene.length);
  });

  it('downmixes 8 channels at 96 kHz to the same sound', async () => {
    const { result, samples } = await decode(files.eight!, 3);
    expect(result.hasAudio).toBe(true);
    expect(Math.abs(samples.length - scene.length)).toBeLessThanOrEqual(PCM_SAMPLE_RATE / 100);
    expect(correlation(samples, scene)).toBeGreaterThan(0.95);
  });

  it('reads the sound of a variable-frame-rate phone video at its full length', async () => {
    const { result, samples } = await decode(files.vfr!, 4);
    expect(result.hasAudio).toBe(true);
    expectLength(result.durationSeconds);
    expect(correlation(samples, scene)).toBeGreaterThan(0.9);
  });

  it('answers hasAudio false for a video with no audio stream, without a fault or a window', async () => {
    const { result, windows } = await decode(files.silentVideo!, 2);
    expect(result.hasAudio).toBe(false);
    expect(result.durationSeconds).toBeCloseTo(3, 0);
    expect(windows).toEqual([]);
  });

  it('decodes what is there of a cut-off file', async () => {
    const { result, samples } = await decode(files.truncated!, 2);
    expect(result.hasAudio).toBe(true);
    expect(result.durationSeconds).toBeGreaterThan(sceneSeconds * 0.2);
    expect(result.durationSeconds).toBeLessThan(sceneSeconds * 0.95);
    expect(result.declaredSeconds).toBeCloseTo(sceneSeconds, 0);
    expect(samples.length).toBe(Math.round(result.durationSeconds * PCM_SAMPLE_RATE));
  });

  it('says in a sentence that a damaged, empty or cut-before-its-index file could not be read', async () => {
    for (const file of [files.garbage!, files.empty!, files.cutBeforeIndex!]) {
      const fault = await faultOf(decode(file));
      expect(fault.message).toBe(DAMAGED_SENTENCE);
      expect(fault.retryable).toBe(false);
    }
  });

  it('says so when the file is gone or ffmpeg is not installed', async () => {
    expect((await faultOf(decode(clips.path('never-written.mp4')))).message).toBe(FILE_MISSING_SENTENCE);
    expect((await faultOf(decode(files.m4a!, 2, '/nonexistent/bin/ffmpeg'))).message).toBe(FFMPEG_MISSING_SENTENCE);
    expect((await faultOf(decode(files.m4a!, 2, { ffmpeg: '/nonexistent/bin/ffmpeg', ffprobe: 'ffprobe' }))).message).toBe(FFMPEG_MISSING_SENTENCE);
  });

  it('finds ffprobe beside an ffmpeg given by its path', async () => {
    const ffmpegPath = execFileSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).trim();
    expect(ffmpegPath).toMatch(/[\\/]ffmpeg$/);
    const { result } = await decode(files.m4a!, 5, ffmpegPath);
    expectLength(result.durationSeconds);
  });

  it('says in a sentence that the decoder stopped when ffmpeg crashes part-way, and leaves nothing running', async () => {
    const crashing = clips.path('crashing-ffmpeg.sh');
    await writeFile(crashing, '#!/bin/sh\nhead -c 64000 /dev/zero\nkill -SEGV $$\n', { mode: 0o755 });
    const fault = await faultOf(decode(files.m4a!, 1, { ffmpeg: crashing, ffprobe: 'ffprobe' }));
    expect(fault.message).toBe('The video\'s sound could not be read: the decoder stopped unexpectedly.');
  });

  it('reads files whose names hold spaces, quotes, a colon, unicode or a leading dash', async () => {
    const names = ['-leading dash.m4a', 'it\'s "quoted" $HOME `x`.m4a', 'ünïcødé 名前 🎬.m4a', 'colon:in name.m4a'];
    for (const name of names) {
      await copyFile(files.m4a!, clips.path(name));
      const { result } = await decode(clips.path(name), 5);
      expectLength(result.durationSeconds);
    }
    // As a relative path, too: the dash leads the argument itself.
    const cwd = process.cwd();
    process.chdir(clips.dir);
    try {
      const { result } = await decode('-leading dash.m4a', 5);
      expect(result.hasAudio).toBe(true);
    } finally {
      process.chdir(cwd);
    }
  });

  it('kills ffmpeg and throws AnalysisCancelled when the signal is aborted mid-file', async () => {
    const controller = new AbortController();
    let running: number[] = [];
    const outcome = streamPcm(files.long!, { ffmpegPath: TOOLS, windowSeconds: 10, signal: controller.signal }, async () => {
      if (running.length === 0) {
        running = await ffmpegChildren();
        controller.abort();
      }
    });
    await expect(outcome).rejects.toBeInstanceOf(AnalysisCancelled);
    expect(running).toHaveLength(1);
    await expect(access(`/proc/${running[0]}`)).rejects.toThrow();
    expect(await ffmpegChildren()).toEqual([]);
  });

  it('throws AnalysisCancelled at once for a signal aborted before it starts, and passes on a window\'s failure after killing ffmpeg', async () => {
    const aborted = AbortSignal.abort();
    await expect(streamPcm(files.m4a!, { ffmpegPath: TOOLS, windowSeconds: 1, signal: aborted }, async () => undefined)).rejects.toBeInstanceOf(AnalysisCancelled);
    const failing = streamPcm(files.long!, { ffmpegPath: TOOLS, windowSeconds: 10 }, async () => {
      await Promise.resolve();
      throw new Error('the store is full');
    });
    await expect(failing).rejects.toThrow('the store is full');
    expect(await ffmpegChildren()).toEqual([]);
  });

  it('decodes a 3-hour file window by window in memory bounded by the window, not the length', async () => {
    const windowSeconds = 60;
    const windowBytes = windowSeconds * PCM_SAMPLE_RATE * 4;
    let windows = 0;
    let samples = 0;
    let baseline = 0;
    let peak = 0;
    const result = await streamPcm(files.long!, { ffmpegPath: TOOLS, windowSeconds }, async (_offset, window) => {
      windows += 1;
      samples += window.length;
      const { rss } = process.memoryUsage();
      if (windows === 3) baseline = rss;
      peak = Math.max(peak, rss);
      await Promise.resolve();
    });
    expect(result).toMatchObject({ hasAudio: true });
    expect(result.durationSeconds).toBeCloseTo(3 * 60 * 60, 1);
    expect(samples).toBe(3 * 60 * 60 * PCM_SAMPLE_RATE);
    expect(windows).toBe(180);
    // All of it at once would be 691 MB; a handful of windows (3.8 MB each) and the collector's slack is the bound.
    expect(peak - baseline).toBeLessThan(40 * windowBytes);
    expect(peak - baseline).toBeLessThan((samples * 4) / 4);
  }, 120_000);
});
