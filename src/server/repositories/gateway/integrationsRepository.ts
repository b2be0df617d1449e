import type { SqlClient } from '../../db/sqlClient';

/** A brand's stored connection to one platform (an app_secret is never stored). */
export type IntegrationRow = { app_key: string; account: string; connected_at: string };

/** The gateway's record of integrations: one connection per brand and platform; the same texts on both engines. */
export function createIntegrationsRepository(sql: SqlClient) {
  return {
    find: async (brandId: string, platform: string): Promise<IntegrationRow | null> =>
      (await sql.get<IntegrationRow>('SELECT app_key, account, connected_at FROM integrations WHERE brand_id = ? AND platform = ?', [brandId, platform])) ?? null,
    /** Records the connection, replacing an earlier one to the same platform. */
    async save(brandId: string, platform: string, appKey: string, account: string, at: string): Promise<void> {
      await sql.run(`INSERT INTO integrations (brand_id, platform, app_key, account, connected_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT(brand_id, platform) DO UPDATE SET app_key = excluded.app_key, account = excluded.account, connected_at = excluded.connected_at`,
      [brandId, platform, appKey, account, at]);
    },
    async remove(brandId: string, platform: string): Promise<void> {
      await sql.run('DELETE FROM integrations WHERE brand_id = ? AND platform = ?', [brandId, platform]);
    },
  };
}
