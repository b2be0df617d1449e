/**
 * Integrations (issue 17): the platforms a brand connects, each through its provider's OAuth 2 / OpenID Connect
 * authorization server, signed in the way RFC 8252 asks of native apps (system browser, loopback redirect on
 * 127.0.0.1, PKCE S256, state). The host runs the flow and keeps the tokens in the OS keychain.
 */
import { z } from 'zod';

export const INTEGRATION_PLATFORMS = ['Shopify', 'Youtube', 'Tiktok', 'Instagram', 'Dropbox', 'GoogleDrive'] as const;
export type IntegrationPlatform = (typeof INTEGRATION_PLATFORMS)[number];
export const INTEGRATION_LABELS: Readonly<Record<IntegrationPlatform, string>> = {
  Shopify: 'Shopify', Youtube: 'YouTube', Tiktok: 'TikTok', Instagram: 'Instagram', Dropbox: 'Dropbox', GoogleDrive: 'Google Drive',
};

/** Where a platform's authorization server is and who this app is to it (a public client: no secret). */
export const ProviderConfigSchema = z.object({
  issuer: z.url({ protocol: /^https?$/ }),
  clientId: z.string().trim().min(1).max(300),
  scope: z.string().trim().min(1).max(500),
});
export type ProviderConfig = z.infer<typeof ProviderConfigSchema>;

/** What the host answers to "Sign up with Google" where no Google provider is configured (the embedded workspace). */
export const GOOGLE_UNAVAILABLE = 'Google sign-up is not available on the embedded workspace. Sign up with your email and a password instead.';

export const IntegrationSettingsSchema = z.object({
  providers: z.partialRecord(z.enum(INTEGRATION_PLATFORMS), ProviderConfigSchema),
  /** "Sign up with Google": the same flow, its ID token handed to the back end; none on the embedded workspace. */
  google: ProviderConfigSchema.nullable().default(null),
});
export type IntegrationSettings = z.infer<typeof IntegrationSettingsSchema>;
export const DEFAULT_INTEGRATION_SETTINGS: IntegrationSettings = { providers: {}, google: null };

export const IntegrationTargetSchema = z.object({ platform: z.enum(INTEGRATION_PLATFORMS), brandId: z.string().min(1).max(64) });
/** integrations.begin: the address to open in the browser, and the flow to complete. */
export const IntegrationBeginSchema = z.object({ flowId: z.string(), authorizationUrl: z.url() });
export const IntegrationFlowSchema = z.object({ flowId: z.string().min(1).max(100) });
/** What the connection is, as the app may show it (the tokens stay in the keychain). */
export const IntegrationConnectedSchema = z.object({
  platform: z.enum(INTEGRATION_PLATFORMS),
  clientId: z.string(),
  account: z.string(),
  scope: z.string(),
});
export type IntegrationConnected = z.infer<typeof IntegrationConnectedSchema>;

/** The gateway's record of an integration (GET …/oAuth/status). */
export const INTEGRATION_STATUSES = ['connected', 'not_connected'] as const;
export const IntegrationStatusSchema = z.object({
  platform: z.enum(INTEGRATION_PLATFORMS),
  status: z.enum(INTEGRATION_STATUSES),
  account: z.string().nullable(),
  app_key: z.string().nullable(),
  connected_at: z.string().nullable(),
});
export type IntegrationStatus = z.infer<typeof IntegrationStatusSchema>;
/** POST …/oAuth/authorize (spec §7): app_key (the client id), app_secret (none for a public client), auth_code (the authorization's account). */
export const IntegrationAuthorizeBodySchema = z.object({
  app_key: z.string().trim().min(1).max(300),
  app_secret: z.string().max(500).optional(),
  auth_code: z.string().trim().min(1).max(500),
});

/** auth.googleComplete: the ID token for POST /login/sign_up_with_google (the back end checks it). */
export const GoogleIdTokenSchema = z.object({ id_token: z.string() });
