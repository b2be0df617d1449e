import type { Migration } from './index';

/**
 * Campaign submissions from the public page (issue 26 item 12): who sent each video (name and email, as typed on the
 * page), and the ids of deleted campaigns, so their link can say the campaign was deleted instead of "no such page".
 */
export const migration020CampaignSubmissions: Migration = {
  version: 20,
  name: 'campaign_submissions',
  up: `
ALTER TABLE campaign_videos ADD COLUMN submitter_name TEXT;
ALTER TABLE campaign_videos ADD COLUMN submitter_email TEXT;
CREATE TABLE deleted_campaigns (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL,
  deleted_at TEXT NOT NULL
) WITHOUT ROWID;
`,
};
