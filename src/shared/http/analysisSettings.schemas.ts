/**
 * GET/PUT /jwt_api/settings/analysis (issue 41): which engine turns a video's speech into text, the speech model and
 * how many analyses run at once. The settings belong to the back end (a team server's are its own), not to a window.
 */
import { z } from 'zod';

/** Where speech is transcribed: whisper on this computer, the OpenAI-compatible service of REELSCOPE_TRANSCRIPTION_URL, or not at all. */
export const SPEECH_ENGINES = ['local', 'service', 'off'] as const;
export type SpeechEngineChoice = (typeof SPEECH_ENGINES)[number];
/** The whisper.cpp models offered: base (the default, multilingual) and small (slower, more accurate). */
export const SPEECH_MODEL_SIZES = ['base', 'small'] as const;
export type SpeechModelSize = (typeof SPEECH_MODEL_SIZES)[number];
export const MODEL_STATES = ['missing', 'partial', 'ready'] as const;
export type ModelState = (typeof MODEL_STATES)[number];

/** Bytes of whisper.cpp's published ggml-base.bin and ggml-small.bin, shown before the back end has said. */
export const SPEECH_MODEL_BYTES: Record<SpeechModelSize, number> = { base: 147_951_465, small: 487_601_967 };
/** At most this many analyses at once (the setting's bound; the back end also caps it by the cores). */
export const MAX_ANALYSIS_WORKERS = 16;

export const ANALYSIS_SETTINGS_PATH = '/settings/analysis';

/** One speech model and whether its file is in the data folder (partial: a cut download that resumes). */
export const SpeechModelInfoSchema = z.object({
  size: z.enum(SPEECH_MODEL_SIZES),
  bytes: z.number().int().nonnegative(),
  state: z.enum(MODEL_STATES),
});
export type SpeechModelInfo = z.infer<typeof SpeechModelInfoSchema>;

/** GET 200 (and PUT 200): the settings in force. */
export const AnalysisSettingsSchema = z.object({
  speech_engine: z.enum(SPEECH_ENGINES),
  speech_model: z.enum(SPEECH_MODEL_SIZES),
  /** The transcription service of the environment; configured = REELSCOPE_TRANSCRIPTION_URL is set. Its key is never answered. */
  service: z.object({ configured: z.boolean(), url_host: z.string().nullable() }),
  /** State and size of the chosen speech model's file. */
  model_state: z.enum(MODEL_STATES),
  model_bytes: z.number().int().nonnegative(),
  /** Analyses that may run at once (worker processes). */
  workers: z.number().int().min(0).max(MAX_ANALYSIS_WORKERS),
  /** Every offered model with its size and state (optional: without it the renderer shows SPEECH_MODEL_BYTES). */
  models: z.array(SpeechModelInfoSchema).optional(),
  /** The most workers this machine allows (from its cores); optional. */
  max_workers: z.number().int().min(1).max(MAX_ANALYSIS_WORKERS).optional(),
  /** Whether the person may change these (the brand's managers). */
  can_edit: z.boolean().optional(),
});
export type AnalysisSettings = z.infer<typeof AnalysisSettingsSchema>;

/**
 * PUT body (the brand's managers): either choice, the other kept; 'service' while no service is configured answers 400
 * with ANALYSIS_SETTINGS_MESSAGES.serviceNotConfigured. How many run at once is the back end's own setting
 * (REELSCOPE_ANALYSIS_WORKERS), shown, not chosen here.
 */
export const AnalysisSettingsBodySchema = z.object({
  speech_engine: z.enum(SPEECH_ENGINES).optional(),
  speech_model: z.enum(SPEECH_MODEL_SIZES).optional(),
  brand_id: z.string().min(1).max(64).optional(),
}).strict();
export type AnalysisSettingsBody = z.infer<typeof AnalysisSettingsBodySchema>;

export const ANALYSIS_SETTINGS_MESSAGES = {
  serviceNotConfigured: 'No transcription service is set up: start the back end with REELSCOPE_TRANSCRIPTION_URL (and REELSCOPE_TRANSCRIPTION_KEY) to use one.',
} as const;

/** A size as the settings say it: whisper.cpp's own table counts MiB, rounded up (base 142 MB, small 466 MB). */
export const formatModelSize = (bytes: number): string => `${Math.ceil(bytes / 1024 ** 2)} MB`;
