import type { HeardSpeech, OnProgress } from '../engines';
export interface TranscribeOptions { offsetSeconds: number; language?: string | null; signal?: AbortSignal; onProgress?: OnProgress }
/** Speech to text: on the device (whisper.cpp) or through a transcription service. */
export interface SpeechEngine { transcribe(samples: Float32Array, options: TranscribeOptions): Promise<HeardSpeech>; dispose(): Promise<void> }
