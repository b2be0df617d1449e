/**
 * What the analysis engines (hearing, speech, screen) hand each other and the pipeline. Times are seconds from the
 * start of the video; every sentence a person may read on the video is an `AnalysisFault`.
 */

/** Mono PCM at 16 kHz, the rate whisper and Silero VAD read. */
export const PCM_SAMPLE_RATE = 16_000;

export interface PcmAudio {
  samples: Float32Array;
  /** samples.length / PCM_SAMPLE_RATE. */
  durationSeconds: number;
}

/** A stretch of time in the video. */
export interface TimeSpan {
  start: number;
  end: number;
}

/** A line of text at its time: a transcript segment, or words seen on screen. */
export interface TimedText extends TimeSpan {
  text: string;
}

/** What speech to text heard. */
export interface HeardSpeech {
  /** ISO 639-1 code of the language detected (per video: the one most speech was in); null when none was told. */
  language: string | null;
  lines: TimedText[];
}

export const AUDIO_LABELS = ['speech', 'music', 'silence', 'loud'] as const;
export type AudioLabel = (typeof AUDIO_LABELS)[number];

/** The share (0..1) of the video's length each label covers; labels may overlap (speech over music). */
export type AudioLabelShares = Record<AudioLabel, number>;

/** The stages a person sees on the video detail ("Transcribing speech · 40 %"), named in the shared HTTP schemas. */
export { ANALYSIS_STEPS, type AnalysisStep } from '../../shared/analysisProgress';

/** Reports how far a step is, 0..1. Engines call it often; callers throttle. */
export type OnProgress = (fraction: number) => void;

/** A failure a person can act on: `message` is one plain sentence shown on the video. */
export class AnalysisFault extends Error {
  override readonly name = 'AnalysisFault';
  /** Whether trying again later may succeed (a network cut, 429, 5xx) — the job is retried with backoff. */
  readonly retryable: boolean;
  /** Seconds the service asked to wait before the next try (Retry-After), when it said. */
  readonly retryAfterSeconds: number | null;

  constructor(sentence: string, options: { retryable?: boolean; retryAfterSeconds?: number | null; cause?: unknown } = {}) {
    super(sentence, { cause: options.cause });
    this.retryable = options.retryable ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

/** A cancelled run (re-analysis, delete, shutdown): not a failure, nothing is written. */
export class AnalysisCancelled extends Error {
  override readonly name = 'AnalysisCancelled';
}
