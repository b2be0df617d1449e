import type Database from 'better-sqlite3';

/** A brand's stored connection to one platform (an app_secret is never stored). */
export type IntegrationRow = { app_key: string; account: string; connected_at: string };

/** The gateway's record of integrations: one connection per brand and platform. */
export function createIntegrationsRepository(db: Database.Database) {
  const find = db.prepare('SELECT app_key, account, connected_at FROM integrations WHERE brand_id = ? AND platform = ?');
  const upsert = db.prepare(`INSERT INTO integrations (brand_id, platform, app_key, account, connected_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT(brand_id, platform) DO UPDATE SET app_key = excluded.app_key, account = excluded.account, connected_at = excluded.connected_at`);
  const remove = db.prepare('DELETE FROM integrations WHERE brand_id = ? AND platform = ?');
  return {
    find: (brandId: string, platform: string): IntegrationRow | null => (find.get(brandId, platform) as IntegrationRow | undefined) ?? null,
    /** Records the connection, replacing an earlier one to the same platform. */
    save: (brandId: string, platform: string, appKey: string, account: string, at: string): void => void upsert.run(brandId, platform, appKey, account, at),
    remove: (brandId: string, platform: string): void => void remove.run(brandId, platform),
  };
}
