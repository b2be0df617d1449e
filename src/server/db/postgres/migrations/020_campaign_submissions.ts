import type { Migration } from '../../migrations/index';

/** PostgreSQL twin of migration 020 (who submitted a campaign video; deleted campaigns). */
export const pgMigration020CampaignSubmissions: Migration = {
  version: 20,
  name: 'campaign_submissions',
  up: `
ALTER TABLE campaign_videos ADD COLUMN submitter_name TEXT;
ALTER TABLE campaign_videos ADD COLUMN submitter_email TEXT;
CREATE TABLE deleted_campaigns (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL,
  deleted_at TEXT NOT NULL
);
`,
};
