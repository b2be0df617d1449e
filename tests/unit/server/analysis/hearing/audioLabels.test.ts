/**
 * Audio labels on clips the test makes — espeak-ng speech, a chord and a tune, silence, speech over music, loud noise —
 * with the speech spans from the real Silero VAD: each clip's shares, labels and classification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamPcm } from '../../../../../src/server/analysis/hearing/audioDecode';
import { classify, createAudioLabeller, withoutVoice, type AudioLabelResult } from '../../../../../src/server/analysis/hearing/audioLabels';
import { createVoiceDetector, type VoiceDetector } from '../../../../../src/server/analysis/hearing/voiceActivity';
import { chord, clipDir, concat, encodeClip, espeak, mix, noise, RATE, silence, tune } from '../support/audioClips';

let clips: Awaited<ReturnType<typeof clipDir>>;
let detector: VoiceDetector;
let talk: Float32Array;

const seconds = (samples: Float32Array): number => samples.length / RATE;

/** Labels `samples` as the pipeline does: windows of `windowSeconds`, each with the spans the detector found in it. */
async function label(samples: Float32Array, windowSeconds = 5, durationSeconds: number | undefined = seconds(samples)): Promise<AudioLabelResult> {
  const labeller = createAudioLabeller(durationSeconds);
  const step = windowSeconds * RATE;
  for (let at = 0; at < samples.length; at += step) {
    const window = samples.subarray(at, at + step);
    labeller.add(window, at / RATE, await detector.speechSpans(window, at / RATE));
  }
  return labeller.result();
}

beforeAll(async () => {
  clips = await clipDir();
  const lines = [
    ['Welcome back to the channel. Today I am trying the new Glow Serum for two weeks.', 'en'],
    ['I will tell you honestly what I think about the texture, the smell and the price.', 'en+f3'],
    ['Ich finde das Serum wirklich sehr angenehm auf der Haut.', 'de'],
  ] as const;
  const spoken = await Promise.all(lines.map(([text, voice]) => espeak(clips.dir, text, voice)));
  talk = concat(spoken[0]!, silence(0.4), spoken[1]!, silence(0.4), spoken[2]!);
  detector = await createVoiceDetector();
}, 60_000);

afterAll(async () => {
  await detector.dispose();
  await clips.dispose();
});

describe('audio labels', () => {
  it('hears a person talking as speech, not music', async () => {
    const result = await label(talk);
    expect(result.shares.speech).toBeGreaterThan(0.85);
    expect(result.shares.music).toBeLessThan(0.05);
    expect(result.shares.loud).toBe(0);
    expect(result.labels).toContain('Speech');
    expect(result.labels).not.toContain('Music');
    expect(result.classification).toBe('Speech dominant');
  });

  it('hears a chord and a tune as music, with no speech', async () => {
    for (const music of [chord(12), tune(12), tune(12.25).subarray(RATE / 4)]) {
      const result = await label(music);
      expect(result.shares.music).toBeGreaterThan(0.9);
      expect(result.shares.speech).toBeLessThan(0.02);
      expect(result.shares.silence).toBe(0);
      expect(result.labels).toEqual(['Music']);
      expect(result.classification).toBe('Music dominant');
    }
  });

  it('hears silence as silent', async () => {
    const result = await label(silence(10));
    expect(result.shares).toEqual({ speech: 0, music: 0, silence: 1, loud: 0 });
    expect(result.labels).toEqual(['Silence']);
    expect(result.classification).toBe('Silent');
  });

  it('hears speech over music as both', async () => {
    for (const music of [chord(seconds(talk), 0.08), tune(seconds(talk), 0.06)]) {
      const result = await label(mix(talk, music));
      expect(result.shares.speech).toBeGreaterThan(0.8);
      expect(result.shares.music).toBeGreaterThan(0.7);
      expect(result.labels).toEqual(['Speech', 'Music']);
      expect(result.classification).toBe('Speech with music');
    }
  });

  it('hears full-scale noise as loud and ambient, quiet noise as neither music nor speech', async () => {
    const loud = await label(noise(8, 0.9));
    expect(loud.shares.loud).toBeGreaterThan(0.9);
    expect(loud.shares.music).toBe(0);
    expect(loud.labels).toEqual(['Loud']);
    expect(loud.classification).toBe('Ambient');
    const quiet = await label(noise(8, 0.05));
    expect(quiet.shares).toEqual({ speech: 0, music: 0, silence: 0, loud: 0 });
    expect(quiet.classification).toBe('Ambient');
  });

  it('gives each part of a mixed clip its share of the length', async () => {
    const clip = concat(silence(4), chord(6), talk);
    const total = seconds(clip);
    const result = await label(clip);
    expect(result.shares.silence).toBeGreaterThan(4 / total - 0.03);
    expect(result.shares.silence).toBeLessThan((4 + 0.25 * seconds(talk)) / total);
    expect(result.shares.music).toBeCloseTo(6 / total, 1);
    // The talk's own pauses are not speech: its share of the whole is its share alone, scaled to its part.
    const talkAlone = (await label(talk)).shares.speech;
    expect(Math.abs(result.shares.speech - (talkAlone * seconds(talk)) / total)).toBeLessThan(0.03);
  });

  it('gives the same shares whether the sound comes in one piece or in windows that do not fall on its blocks', async () => {
    const clip = concat(silence(3.3), mix(talk, chord(seconds(talk), 0.08)), chord(4.7));
    const whole = await label(clip, 1000);
    for (const windowSeconds of [5, 2.7]) {
      const windowed = await label(clip, windowSeconds);
      for (const key of ['music', 'silence', 'loud'] as const) expect(Math.abs(windowed.shares[key] - whole.shares[key])).toBeLessThanOrEqual(0.03);
      expect(Math.abs(windowed.shares.speech - whole.shares.speech)).toBeLessThanOrEqual(0.05);
      expect(windowed.classification).toBe(whole.classification);
    }
  });

  it('measures shares against the video\'s length when told, and against the sound heard otherwise', async () => {
    expect((await label(silence(5), 5, 10)).shares.silence).toBeCloseTo(0.5, 2);
    expect((await label(silence(5), 5, undefined)).shares.silence).toBe(1);
    expect(createAudioLabeller().result()).toEqual({ shares: { speech: 0, music: 0, silence: 0, loud: 0 }, labels: [], classification: 'Ambient' });
  });

  it('labels a decoded file from the pipeline\'s windows', async () => {
    const file = await encodeClip(mix(talk, tune(seconds(talk), 0.06)), 'm4a', clips.path('talk-over-music.m4a'));
    const labeller = createAudioLabeller();
    const decoded = await streamPcm(file, { ffmpegPath: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, windowSeconds: 4 }, async (offset, samples) => {
      labeller.add(samples, offset, await detector.speechSpans(samples, offset));
    });
    const result = labeller.result();
    // AAC fills its last frame (1024 samples, 64 ms at 16 kHz).
    expect(Math.abs(decoded.durationSeconds - seconds(talk))).toBeLessThanOrEqual(0.1);
    expect(result.shares.speech).toBeGreaterThan(0.8);
    expect(result.shares.music).toBeGreaterThan(0.7);
    expect(result.classification).toBe('Speech with music');
  });

  it('classifies from the shares', () => {
    const of = (speech: number, music: number, silence = 0, loud = 0) => classify({ speech, music, silence, loud });
    expect(of(0.9, 0)).toBe('Speech dominant');
    expect(of(0.9, 0.15)).toBe('Speech dominant');
    expect(of(0.6, 0.6)).toBe('Speech with music');
    expect(of(0.3, 0.9)).toBe('Speech with music');
    expect(of(0.15, 0.85)).toBe('Music dominant');
    expect(of(0, 0.5)).toBe('Music dominant');
    expect(of(0.02, 0.03, 0.95)).toBe('Silent');
    expect(of(0.02, 0.03, 0.3, 0.6)).toBe('Ambient');
  });

  it('takes a voice\'s held harmonics for the voice, and notes sharing a fundamental for music', () => {
    expect(withoutVoice([{ hz: 105, share: 0.03 }, { hz: 215, share: 0.05 }, { hz: 320, share: 0.05 }])).toEqual([]);
    expect(withoutVoice([{ hz: 207, share: 0.05 }, { hz: 309, share: 0.09 }])).toEqual([]);
    // C3 held under C5 and C6: one fundamental, not a voice's run of harmonics.
    expect(withoutVoice([{ hz: 131, share: 0.2 }, { hz: 523, share: 0.3 }, { hz: 1046, share: 0.1 }])).toHaveLength(2);
  });
});
