import type Database from 'better-sqlite3';

/**
 * The stored side of brand API keys and widget embed tokens: only a key's or token's SHA-256 and a key's hint, found
 * by the hash (one index probe). Issuing and checking keys is the access keys service's.
 */
export function createAccessKeyStore(db: Database.Database) {
  const hintOf = db.prepare('SELECT key_hint AS hint, created_at FROM brand_api_keys WHERE brand_id = ?');
  const brandOfKey = db.prepare('SELECT brand_id FROM brand_api_keys WHERE key_hash = ?').pluck();
  const upsertKey = db.prepare(`INSERT INTO brand_api_keys (brand_id, key_hash, key_hint, created_at) VALUES (?, ?, ?, ?)
    ON CONFLICT(brand_id) DO UPDATE SET key_hash = excluded.key_hash, key_hint = excluded.key_hint, created_at = excluded.created_at`);
  const insertToken = db.prepare('INSERT INTO widget_tokens (token_hash, widget_id, created_at) VALUES (?, ?, ?)');
  const tokenWidget = db.prepare('SELECT widget_id FROM widget_tokens WHERE token_hash = ? AND revoked_at IS NULL').pluck();
  const revokeTokens = db.prepare('UPDATE widget_tokens SET revoked_at = ? WHERE widget_id = ? AND revoked_at IS NULL');
  return {
    hintOf: (brandId: string): { hint: string; created_at: string } | null =>
      (hintOf.get(brandId) as { hint: string; created_at: string } | undefined) ?? null,
    brandOfKeyHash: (keyHash: string): string | null => (brandOfKey.get(keyHash) as string | undefined) ?? null,
    /** The brand's one key: a new one replaces the old. */
    saveKey: (brandId: string, keyHash: string, hint: string, createdAt: string): void => void upsertKey.run(brandId, keyHash, hint, createdAt),
    saveToken: (tokenHash: string, widgetId: string, createdAt: string): void => void insertToken.run(tokenHash, widgetId, createdAt),
    /** The widget a live (not revoked) token opens, or null. */
    widgetOfToken: (tokenHash: string): string | null => (tokenWidget.get(tokenHash) as string | undefined) ?? null,
    revokeTokens: (widgetId: string, at: string): number => revokeTokens.run(at, widgetId).changes,
  };
}
export type AccessKeyStore = ReturnType<typeof createAccessKeyStore>;
