import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TeamRole } from '../../../shared/http/team.schemas';
import { METRICS_KEY_HEADER } from '../../../shared/http/widgets.schemas';
import type { ApiKeyAuth } from '../../http/fastifyTypes';
import { unauthorized } from '../../http/httpError';
import type { AccessKeyStore } from '../../repositories/widgets/accessKeyStore';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Keys and tokens read as what they are in a log or a support mail. */
const API_KEY_PREFIX = 'rsk_';
const APP_KEY_PREFIX = 'rsapp_';
const TOKEN_PREFIX = 'rwt_';
/** How long the app's own key is good for: as long as an access token; the app asks again on a 401. */
export const APP_KEY_TTL_MS = 15 * 60 * 1000;

/** What Settings shows of a key after the one time it was shown whole: enough to tell keys apart, not to use one. */
export const apiKeyHint = (apiKey: string): string => `${apiKey.slice(0, 8)}…${apiKey.slice(-4)}`;

export interface AccessKeysDeps {
  store: AccessKeyStore;
  /** Signs the app's own short-lived keys (a key derived for this one purpose). */
  jwtSecret: Uint8Array;
  now: () => Date;
  /** The user's role in the brand now, or null when they left it (an app key dies with the membership). */
  roleIn: (userId: string, brandId: string) => TeamRole | null | Promise<TeamRole | null>;
  /** Whether the sign-in the key was issued in still lives (an app key dies with it, like the chat key). */
  sessionLive: (userId: string, sessionId: string) => boolean | Promise<boolean>;
}

/**
 * The brand API keys of the metrics and widget API and the embed tokens of widgets (issues 16, 26). Only a key's
 * SHA-256 and a hint are stored: the key itself is shown once, when it is issued. A key is found by its hash (one index
 * probe, no comparison whose timing depends on the guess); rotating replaces it at once. The app itself calls these
 * services with an *app key*: `rsapp_<brand>.<user>.<session>.<expiry>.<HMAC>`, signed, short-lived and bound to the
 * signed-in user and session (signing out ends it at once), so the app never needs the brand's key at rest.
 */
export function createAccessKeys({ store, jwtSecret, now, roleIn, sessionLive }: AccessKeysDeps) {
  const appKeySecret = createHmac('sha256', jwtSecret).update('reelscope app metrics key v1').digest();
  const mac = (payload: string) => createHmac('sha256', appKeySecret).update(payload).digest('base64url');
  const b64 = (text: string) => Buffer.from(text).toString('base64url');

  const holderOfAppKey = async (appKey: string): Promise<ApiKeyAuth | null> => {
    const parts = appKey.slice(APP_KEY_PREFIX.length).split('.');
    if (parts.length !== 5) return null;
    const [brand, user, session, expires, signature] = parts as [string, string, string, string, string];
    const expected = Buffer.from(mac(`${brand}.${user}.${session}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (!/^\d{1,15}$/.test(expires) || Number(expires) <= now().getTime()) return null;
    const brandId = Buffer.from(brand, 'base64url').toString();
    const userId = Buffer.from(user, 'base64url').toString();
    if (!(await sessionLive(userId, Buffer.from(session, 'base64url').toString()))) return null;
    // Read at every call, not signed into the key: a teammate made a member loses a manager's rights with their next call.
    const role = await roleIn(userId, brandId);
    return role === null ? null : { brandId, userId, role };
  };

  return {
    /** What identifies the brand's key without being it, or null before the first key was created. */
    hintOf: (brandId: string): Promise<{ hint: string; created_at: string } | null> => store.hintOf(brandId),
    /** A new key, answered this once; the old one stops working with this call. */
    async rotate(brandId: string): Promise<{ api_key: string; hint: string; created_at: string }> {
      const apiKey = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const createdAt = now().toISOString();
      await store.saveKey(brandId, sha256(apiKey), apiKeyHint(apiKey), createdAt);
      return { api_key: apiKey, hint: apiKeyHint(apiKey), created_at: createdAt };
    },
    /** The app's own key for the signed-in user acting for the brand, in the sign-in (session) that asks for it. */
    issueAppKey(brandId: string, userId: string, sessionId: string): { app_key: string; expires_at: string } {
      const expires = now().getTime() + APP_KEY_TTL_MS;
      const payload = `${b64(brandId)}.${b64(userId)}.${b64(sessionId)}.${expires}`;
      return { app_key: `${APP_KEY_PREFIX}${payload}.${mac(payload)}`, expires_at: new Date(expires).toISOString() };
    },
    /** Who a key speaks for: the brand, and the teammate when it is the app's own key (authorship of widgets and publishes). */
    async holderOfKey(key: string): Promise<ApiKeyAuth | null> {
      if (key.length > 400) return null;
      if (key.startsWith(APP_KEY_PREFIX)) return holderOfAppKey(key);
      const brandId = key.startsWith(API_KEY_PREFIX) ? await store.brandOfKeyHash(sha256(key)) : null;
      // Only a manager can issue the brand's key (it is the brand's, not a person's): it acts as a manager.
      return brandId === null ? null : { brandId, userId: null, role: 'manager' };
    },
    async issueToken(widgetId: string, now: Date): Promise<string> {
      const token = `${TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
      await store.saveToken(sha256(token), widgetId, now.toISOString());
      return token;
    },
    /** True when the token is a live one of that widget (a deleted widget's tokens went with it). */
    tokenOpens: async (token: string, widgetId: string): Promise<boolean> => token.startsWith(TOKEN_PREFIX) && (await store.widgetOfToken(sha256(token))) === widgetId,
    revokeTokens: (widgetId: string, now: Date): Promise<number> => store.revokeTokens(widgetId, now.toISOString()),
  };
}
export type AccessKeys = ReturnType<typeof createAccessKeys>;

export const API_KEY_MISSING = `Send the brand's API key in the ${METRICS_KEY_HEADER} header (Settings → Widgets and shop).`;
export const API_KEY_WRONG = 'This API key is not valid: it may have been rotated. Use the key shown in Settings.';

/** The authenticator of the services keyed by the brand's API key (the metrics API, the gateway). */
export function brandKeyAuthenticator(keys: AccessKeys): (request: FastifyRequest) => Promise<ApiKeyAuth> {
  return async (request) => {
    const header = request.headers[METRICS_KEY_HEADER];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) throw unauthorized(API_KEY_MISSING);
    const holder = await keys.holderOfKey(key.trim());
    if (!holder) throw unauthorized(API_KEY_WRONG);
    return holder;
  };
}
