import type { Migration } from '../../migrations/index';
import { rowTrigger } from './triggerSql';

const bump = (brand: string) =>
  `INSERT INTO brand_mark_versions (brand_id, version) ${brand} ON CONFLICT (brand_id) DO UPDATE SET version = brand_mark_versions.version + 1;`;
const ofRow = (row: 'NEW' | 'OLD') => bump(`VALUES (${row}.brand_id, 1)`);
const ofCampaign = (row: 'NEW' | 'OLD') => bump(`SELECT brand_id, 1 FROM campaigns WHERE id = ${row}.campaign_id`);

const triggers = (table: string, body: (row: 'NEW' | 'OLD') => string, videoOnly = false) =>
  (['INSERT', 'UPDATE', 'DELETE'] as const)
    .map((event) => {
      const row = event === 'DELETE' ? 'OLD' : 'NEW';
      const statement = videoOnly ? `IF ${row}.kind = 'video' THEN ${body(row)} END IF;` : body(row);
      return rowTrigger(`brand_mark_versions_${table}_${event.toLowerCase()}`, event, table, statement);
    })
    .join('\n');

/**
 * PostgreSQL twin of migration 024 (the brands' mark versions), and an index on the search log's writing transaction:
 * a follower reads the log by transaction (see src/server/search/searchLog.ts).
 */
export const pgMigration024BrandMarkVersions: Migration = {
  version: 24,
  name: 'brand_mark_versions',
  up: `
CREATE TABLE brand_mark_versions (brand_id TEXT PRIMARY KEY, version BIGINT NOT NULL);
${triggers('marks', ofRow, true)}
${triggers('notes', ofRow, true)}
${triggers('video_removals', ofRow)}
${triggers('campaign_videos', ofCampaign)}
${rowTrigger('brand_mark_versions_campaigns_delete', 'DELETE', 'campaigns', ofRow('OLD'))}
CREATE INDEX video_search_log_tx ON video_search_log (tx);
`,
};
