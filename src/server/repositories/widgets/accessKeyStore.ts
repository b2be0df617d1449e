import type { SqlClient } from '../../db/sqlClient';

/**
 * The stored side of brand API keys and widget embed tokens: only a key's or token's SHA-256 and a key's hint, found
 * by the hash (one index probe). Issuing and checking keys is the access keys service's.
 */
export function createAccessKeyStore(sql: SqlClient) {
  return {
    hintOf: async (brandId: string): Promise<{ hint: string; created_at: string } | null> =>
      (await sql.get<{ hint: string; created_at: string }>('SELECT key_hint AS hint, created_at FROM brand_api_keys WHERE brand_id = ?', [brandId])) ?? null,
    brandOfKeyHash: async (keyHash: string): Promise<string | null> =>
      (await sql.get<{ brand_id: string }>('SELECT brand_id FROM brand_api_keys WHERE key_hash = ?', [keyHash]))?.brand_id ?? null,
    /** The brand's one key: a new one replaces the old. */
    async saveKey(brandId: string, keyHash: string, hint: string, createdAt: string): Promise<void> {
      await sql.run(`INSERT INTO brand_api_keys (brand_id, key_hash, key_hint, created_at) VALUES (?, ?, ?, ?)
        ON CONFLICT(brand_id) DO UPDATE SET key_hash = excluded.key_hash, key_hint = excluded.key_hint, created_at = excluded.created_at`, [brandId, keyHash, hint, createdAt]);
    },
    async saveToken(tokenHash: string, widgetId: string, createdAt: string): Promise<void> {
      await sql.run('INSERT INTO widget_tokens (token_hash, widget_id, created_at) VALUES (?, ?, ?)', [tokenHash, widgetId, createdAt]);
    },
    /** The widget a live (not revoked) token opens, or null. */
    widgetOfToken: async (tokenHash: string): Promise<string | null> =>
      (await sql.get<{ widget_id: string }>('SELECT widget_id FROM widget_tokens WHERE token_hash = ? AND revoked_at IS NULL', [tokenHash]))?.widget_id ?? null,
    revokeTokens: async (widgetId: string, at: string): Promise<number> =>
      (await sql.run('UPDATE widget_tokens SET revoked_at = ? WHERE widget_id = ? AND revoked_at IS NULL', [at, widgetId])).changes,
  };
}
export type AccessKeyStore = ReturnType<typeof createAccessKeyStore>;
