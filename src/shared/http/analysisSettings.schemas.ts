import { z } from 'zod';

export const SPEECH_ENGINES = ['local', 'service', 'off'] as const;
export type SpeechEngineChoice = (typeof SPEECH_ENGINES)[number];
export const SPEECH_MODEL_SIZES = ['base', 'small'] as const;
export type SpeechModelSize = (typeof SPEECH_MODEL_SIZES)[number];
export const SPEECH_MODEL_STATES = ['missing', 'partial', 'ready'] as const;

/** GET /jwt_api/settings/analysis 200: how the brand's speech is transcribed and where that engine stands. */
export const AnalysisSettingsSchema = z.object({
  speech_engine: z.enum(SPEECH_ENGINES),
  speech_model: z.enum(SPEECH_MODEL_SIZES),
  /** The transcription service this back end is set up with (REELSCOPE_TRANSCRIPTION_URL); only its host is shown. */
  service: z.object({ configured: z.boolean(), url_host: z.string().nullable() }),
  /** The chosen model file on this back end: not yet downloaded, cut half-way, or ready. */
  model_state: z.enum(SPEECH_MODEL_STATES),
  /** The chosen model's download size. */
  model_bytes: z.number().int(),
  /** Analyses run at once on this back end (REELSCOPE_ANALYSIS_WORKERS, else from the cores). */
  workers: z.number().int(),
  /** Whether the person may change these (a brand's managers). */
  can_edit: z.boolean(),
});
export type AnalysisSettings = z.infer<typeof AnalysisSettingsSchema>;

/** PUT /jwt_api/settings/analysis body (a manager of the brand). */
export const AnalysisSettingsBodySchema = z.object({
  speech_engine: z.enum(SPEECH_ENGINES),
  speech_model: z.enum(SPEECH_MODEL_SIZES),
  brand_id: z.string().min(1).max(64).optional(),
}).strict();
export type AnalysisSettingsBody = z.infer<typeof AnalysisSettingsBodySchema>;
