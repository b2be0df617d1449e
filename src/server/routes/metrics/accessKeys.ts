import { createHash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { FastifyRequest } from 'fastify';
import { METRICS_KEY_HEADER } from '../../../shared/http/widgets.schemas';
import type { ApiKeyAuth } from '../../http/fastifyTypes';
import { unauthorized } from '../../http/httpError';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Keys and tokens read as what they are in a log or a support mail. */
const API_KEY_PREFIX = 'rsk_';
const TOKEN_PREFIX = 'rwt_';

/**
 * The brand API keys of the metrics and widget API and the embed tokens of widgets (issue 16). A key is found by its
 * hash (one index probe, no comparison whose timing depends on the guess); rotating replaces it at once.
 */
export function createAccessKeys(db: Database.Database) {
  const keyOf = db.prepare('SELECT api_key, created_at FROM brand_api_keys WHERE brand_id = ?');
  const brandOfKey = db.prepare('SELECT brand_id FROM brand_api_keys WHERE key_hash = ?').pluck();
  const upsertKey = db.prepare(`INSERT INTO brand_api_keys (brand_id, api_key, key_hash, created_at) VALUES (?, ?, ?, ?)
    ON CONFLICT(brand_id) DO UPDATE SET api_key = excluded.api_key, key_hash = excluded.key_hash, created_at = excluded.created_at`);
  const insertToken = db.prepare('INSERT INTO widget_tokens (token_hash, widget_id, created_at) VALUES (?, ?, ?)');
  const tokenWidget = db.prepare('SELECT widget_id FROM widget_tokens WHERE token_hash = ? AND revoked_at IS NULL').pluck();
  const revokeTokens = db.prepare('UPDATE widget_tokens SET revoked_at = ? WHERE widget_id = ? AND revoked_at IS NULL');

  const issueKey = (brandId: string, now: Date) => {
    const apiKey = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
    upsertKey.run(brandId, apiKey, sha256(apiKey), now.toISOString());
    return { api_key: apiKey, created_at: now.toISOString() };
  };

  return {
    /** The brand's key, issued on first use. */
    keyOf(brandId: string, now: Date): { api_key: string; created_at: string } {
      return (keyOf.get(brandId) as { api_key: string; created_at: string } | undefined) ?? issueKey(brandId, now);
    },
    /** A new key; the old one stops working with this call. */
    rotate: (brandId: string, now: Date) => issueKey(brandId, now),
    brandOfKey: (apiKey: string): string | null => (apiKey.startsWith(API_KEY_PREFIX) ? ((brandOfKey.get(sha256(apiKey)) as string | undefined) ?? null) : null),
    issueToken(widgetId: string, now: Date): string {
      const token = `${TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
      insertToken.run(sha256(token), widgetId, now.toISOString());
      return token;
    },
    /** True when the token is a live one of that widget (a deleted widget's tokens went with it). */
    tokenOpens: (token: string, widgetId: string): boolean => token.startsWith(TOKEN_PREFIX) && tokenWidget.get(sha256(token)) === widgetId,
    revokeTokens: (widgetId: string, now: Date): number => revokeTokens.run(now.toISOString(), widgetId).changes,
  };
}
export type AccessKeys = ReturnType<typeof createAccessKeys>;

export const API_KEY_MISSING = `Send the brand's API key in the ${METRICS_KEY_HEADER} header (Settings → Widgets and shop).`;
export const API_KEY_WRONG = 'This API key is not valid: it may have been rotated. Use the key shown in Settings.';

/** The authenticator of the services keyed by the brand's API key (the metrics API, the gateway). */
export function brandKeyAuthenticator(keys: AccessKeys): (request: FastifyRequest) => ApiKeyAuth {
  return (request) => {
    const header = request.headers[METRICS_KEY_HEADER];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) throw unauthorized(API_KEY_MISSING);
    const brandId = keys.brandOfKey(key.trim());
    if (!brandId) throw unauthorized(API_KEY_WRONG);
    return { brandId };
  };
}
