import type { Migration } from './index';

/** One bump of a brand's mark version (SQLite's upsert, in a trigger body). */
const bump = (brand: string) =>
  `INSERT INTO brand_mark_versions (brand_id, version) ${brand} ON CONFLICT (brand_id) DO UPDATE SET version = version + 1;`;
const ofRow = (row: 'new' | 'old') => bump(`VALUES (${row}.brand_id, 1)`);
const ofCampaign = (row: 'new' | 'old') => bump(`SELECT brand_id, 1 FROM campaigns WHERE id = ${row}.campaign_id`);

const triggers = (table: string, body: (row: 'new' | 'old') => string, when = (_row: 'new' | 'old') => '') =>
  (['INSERT', 'UPDATE', 'DELETE'] as const)
    .map((event) => {
      const row = event === 'DELETE' ? 'old' : 'new';
      const condition = when(row);
      return `CREATE TRIGGER brand_mark_versions_${table}_${event.toLowerCase()} AFTER ${event} ON ${table}${condition ? ` WHEN ${condition}` : ''} BEGIN
  ${body(row)}
END;`;
    })
    .join('\n');

/**
 * A version per brand of what the in-memory list index reads besides the videos rows (issue 27): the brand's video
 * marks, removals, campaign videos and video notes. Triggers bump it on every write, whoever writes (another process
 * on the same file, another back-end instance on PostgreSQL), so the index re-reads a brand's marks only when they
 * changed, without asking the connection whether it wrote anything.
 */
export const migration024BrandMarkVersions: Migration = {
  version: 24,
  name: 'brand_mark_versions',
  up: `
CREATE TABLE brand_mark_versions (brand_id TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
${triggers('marks', ofRow, (row) => `${row}.kind = 'video'`)}
${triggers('notes', ofRow, (row) => `${row}.kind = 'video'`)}
${triggers('video_removals', ofRow)}
${triggers('campaign_videos', ofCampaign)}
CREATE TRIGGER brand_mark_versions_campaigns_delete AFTER DELETE ON campaigns BEGIN
  ${ofRow('old')}
END;
`,
};
