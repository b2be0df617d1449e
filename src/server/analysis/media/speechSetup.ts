import type { SpeechModelSize } from '../../../shared/http/analysisSettings.schemas';
import type { BrandAnalysisSettings } from '../../repositories/analysisSettingsRepository';
import { AnalysisFault, type OnProgress } from '../engines';
import { ensureSpeechModel } from '../speech/speechModel';
import { transcriptionServiceFromEnv, type TranscriptionServiceConfig } from '../speech/transcriptionService';
import type { SpeechChoice } from './mediaJob';

/** Where the back end's speech engines come from: its data folder (the model), its environment (the service). */
export interface SpeechEnvironment {
  dataDir: string;
  service: TranscriptionServiceConfig | null;
  /** REELSCOPE_SPEECH_MODEL_FILE: a whisper model file of the person's own, used instead of the downloaded one. */
  modelFile: string | null;
  /** REELSCOPE_SPEECH_MODEL_URL: where the model files are fetched from (a mirror; default whisper.cpp's published files). */
  modelBaseUrl: string | null;
}

export function readSpeechEnvironment(dataDir: string, env: NodeJS.ProcessEnv = process.env): SpeechEnvironment {
  return {
    dataDir,
    service: transcriptionServiceFromEnv(env),
    modelFile: env.REELSCOPE_SPEECH_MODEL_FILE?.trim() || null,
    modelBaseUrl: env.REELSCOPE_SPEECH_MODEL_URL?.trim() || null,
  };
}

/** The brand's choice, or the default: the service when the back end has one, else speech to text on the device. */
export function effectiveSettings(saved: BrandAnalysisSettings | null, environment: SpeechEnvironment): BrandAnalysisSettings {
  return saved ?? { speechEngine: environment.service ? 'service' : 'local', speechModel: 'base' };
}

/**
 * The engine a job transcribes with. On the device that needs the model file: downloaded here, once, with its
 * progress (a download every worker would otherwise start at once), before the job goes to a worker.
 */
export async function speechChoiceFor(
  settings: BrandAnalysisSettings, environment: SpeechEnvironment, options: { signal?: AbortSignal; onProgress?: OnProgress } = {},
): Promise<SpeechChoice> {
  if (settings.speechEngine === 'off') return { engine: 'off' };
  if (settings.speechEngine === 'service') {
    const service = environment.service;
    if (!service) throw new AnalysisFault('Transcription failed: no transcription service is set up on this back end (REELSCOPE_TRANSCRIPTION_URL). Choose speech to text on the device in Settings.');
    return { engine: 'service', url: service.url, key: service.key, model: service.model };
  }
  if (environment.modelFile) return { engine: 'local', modelPath: environment.modelFile };
  const size: SpeechModelSize = settings.speechModel;
  const modelPath = await ensureSpeechModel({ dataDir: environment.dataDir, size, baseUrl: environment.modelBaseUrl ?? undefined, signal: options.signal, onProgress: options.onProgress });
  return { engine: 'local', modelPath };
}
