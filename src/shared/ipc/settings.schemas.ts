import { z } from 'zod';
import { AssistantModelSettingsSchema, DEFAULT_ASSISTANT_MODEL } from './assistantModel.schemas';

export const SkinSchema = z.enum(['light', 'dark']);

/** Layout preferences stored locally (spec §3). */
export const LayoutPrefsSchema = z.object({
  skin: SkinSchema,
  rtl: z.boolean(),
  menuCollapsed: z.boolean(),
});
export type LayoutPrefs = z.infer<typeof LayoutPrefsSchema>;

/** Markers the web original kept in cookies and local storage (spec §3, §4). */
export const MarkersSchema = z.object({
  /** Brand id (cookie bId of the web original). */
  bId: z.string().nullable(),
  /** User id (cookie uId of the web original). */
  uId: z.string().nullable(),
  /** First-analysis marker, 'videoId,status' with status pending or completed. */
  firstAnalysis: z.string().regex(/^[^,]+,(pending|completed)$/).nullable(),
  uploadedVideo: z.boolean(),
  /** Tutorials already seen, by tutorial name. */
  tutorials: z.record(z.string(), z.boolean()),
  /** The tutorial screen flag cleared when the first-video tutorial ends. */
  tutorialScreen: z.string().nullable(),
});
export type Markers = z.infer<typeof MarkersSchema>;

export const BackendModeSchema = z.enum(['embedded', 'hosted']);

export const BackendSettingsSchema = z.object({
  mode: BackendModeSchema,
  /** Origin of a hosted back end (services live under the fixed prefixes), used when mode is hosted. */
  hostedUrl: z.url({ protocol: /^https?$/ }).nullable(),
});

export const SettingsSchema = z.object({
  version: z.literal(1),
  backend: BackendSettingsSchema,
  layout: LayoutPrefsSchema,
  markers: MarkersSchema,
  /** The person accepted keeping the token where only an obfuscating store exists. */
  allowInsecureTokenStorage: z.boolean(),
  /** The assistant's optional model server (issue 13); files written before it read as none. */
  assistant: AssistantModelSettingsSchema.default(DEFAULT_ASSISTANT_MODEL),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  version: 1,
  backend: { mode: 'embedded', hostedUrl: null },
  layout: { skin: 'light', rtl: false, menuCollapsed: false },
  markers: { bId: null, uId: null, firstAnalysis: null, uploadedVideo: false, tutorials: {}, tutorialScreen: null },
  allowInsecureTokenStorage: false,
  assistant: DEFAULT_ASSISTANT_MODEL,
};

/** A partial update: each group is merged shallowly into the stored settings. */
export const SettingsPatchSchema = z
  .object({
    backend: BackendSettingsSchema.partial(),
    layout: LayoutPrefsSchema.partial(),
    markers: MarkersSchema.partial(),
    allowInsecureTokenStorage: z.boolean(),
    assistant: AssistantModelSettingsSchema.partial(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
