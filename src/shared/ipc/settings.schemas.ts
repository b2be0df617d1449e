import { z } from 'zod';
import { DEFAULT_INTEGRATION_SETTINGS, IntegrationSettingsSchema } from './integrations.schemas';
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

const timetoken = z.string().regex(/^\d{17}$/);
/** Chat kept on this computer (spec §3, issue 15). */
export const ChatSettingsSchema = z.object({
  /** Where each channel was last read: one entry per pubnub_id, replaced or appended (spec §3). */
  lastSeen: z.array(z.object({ pubnub_id: z.string().min(1).max(200), timetoken })).max(5000),
  /** Messages written and not yet accepted by the back end, in the order written: sent when the connection returns. */
  outbox: z.array(z.object({
    id: z.string().min(1).max(64), channel: z.string().min(1).max(200), text: z.string().max(8000), at: z.string().max(40),
    /** The PubNub user id that wrote it: only that user's session sends it. */
    from: z.string().min(1).max(100),
  })).max(1000),
  /** PubNub keys: with them, chat goes through PubNub's service instead of the back end (the channels still come from it). */
  pubnub: z.object({ publishKey: z.string().min(1).max(100), subscribeKey: z.string().min(1).max(100) }).nullable(),
});
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;
export const DEFAULT_CHAT_SETTINGS: ChatSettings = { lastSeen: [], outbox: [], pubnub: null };

/**
 * The shop whose inventory widgets tag (issue 16): a store URL and its storefront token, or neither for the brand's own
 * products. A storefront token is the store's public, read-only catalogue key (shops ship it in their pages).
 */
export const ShopSettingsSchema = z.object({
  storeUrl: z.string().trim().max(500).nullable(),
  storefrontToken: z.string().trim().max(500).nullable(),
});
export type ShopSettings = z.infer<typeof ShopSettingsSchema>;
export const DEFAULT_SHOP_SETTINGS: ShopSettings = { storeUrl: null, storefrontToken: null };

export const SettingsSchema = z.object({
  version: z.literal(1),
  backend: BackendSettingsSchema,
  layout: LayoutPrefsSchema,
  markers: MarkersSchema,
  /** The person accepted keeping the token where only an obfuscating store exists. */
  allowInsecureTokenStorage: z.boolean(),
  /** The assistant's optional model server (issue 13); files written before it read as none. */
  assistant: AssistantModelSettingsSchema.default(DEFAULT_ASSISTANT_MODEL),
  /** Chat's last-seen list, outbox and optional PubNub keys (issue 15); files written before it read as empty. */
  chat: ChatSettingsSchema.default(DEFAULT_CHAT_SETTINGS),
  /** The connected store for widget product tags (issue 16); files written before it read as none. */
  shop: ShopSettingsSchema.default(DEFAULT_SHOP_SETTINGS),
  /** The sign-in providers of integrations (issue 17); files written before it read as none. */
  integrations: IntegrationSettingsSchema.default(DEFAULT_INTEGRATION_SETTINGS),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  version: 1,
  backend: { mode: 'embedded', hostedUrl: null },
  layout: { skin: 'light', rtl: false, menuCollapsed: false },
  markers: { bId: null, uId: null, firstAnalysis: null, uploadedVideo: false, tutorials: {}, tutorialScreen: null },
  allowInsecureTokenStorage: false,
  assistant: DEFAULT_ASSISTANT_MODEL,
  chat: DEFAULT_CHAT_SETTINGS,
  shop: DEFAULT_SHOP_SETTINGS,
  integrations: DEFAULT_INTEGRATION_SETTINGS,
};

/** A partial update: each group is merged shallowly into the stored settings. */
export const SettingsPatchSchema = z
  .object({
    backend: BackendSettingsSchema.partial(),
    layout: LayoutPrefsSchema.partial(),
    markers: MarkersSchema.partial(),
    allowInsecureTokenStorage: z.boolean(),
    assistant: AssistantModelSettingsSchema.partial(),
    chat: ChatSettingsSchema.partial(),
    shop: ShopSettingsSchema.partial(),
    integrations: IntegrationSettingsSchema.partial(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
