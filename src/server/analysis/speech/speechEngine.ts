/**
 * Speech to text, whoever does it: whisper.cpp on this computer (whisperEngine.ts) or an OpenAI-compatible service
 * (transcriptionService.ts). The pipeline hands an engine mono 16 kHz PCM (the speech VAD found, or a window of it) and
 * stores the lines it hears at their seconds in the video.
 */
import type { HeardSpeech, OnProgress } from '../engines';

export interface TranscribeOptions {
  /** Seconds in the video where `samples` begin: every time in the result is in the video's seconds. */
  offsetSeconds: number;
  /** ISO 639-1 code the speech is in, when known; null or absent: the engine detects it. */
  language?: string | null;
  /** Aborting rejects with AnalysisCancelled. */
  signal?: AbortSignal;
  /** How far this call is, 0..1. */
  onProgress?: OnProgress;
}

export interface SpeechEngine {
  /**
   * Transcribes `samples` (mono float PCM at PCM_SAMPLE_RATE). Lines come in time order with start/end in seconds
   * of the video (offsetSeconds added); `language` is the language most of the speech was in. A failure a person
   * may see is an AnalysisFault with one plain sentence.
   */
  transcribe(samples: Float32Array, options: TranscribeOptions): Promise<HeardSpeech>;
  /** Frees the engine (the model's memory); waits for a call still running. Safe to call twice. */
  dispose(): Promise<void>;
}
