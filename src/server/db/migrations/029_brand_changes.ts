import type { Migration } from './index';

type Row = 'new' | 'old';
type Event = 'INSERT' | 'UPDATE' | 'DELETE';

/**
 * One kind of write the live streams report (issue 29): which rows, and how a change row is read from them. Every
 * expression names the written row as `R.` (SQLite's new/old, PostgreSQL's NEW/OLD); `from` joins the table a row
 * finds its brand through (an analysis job's video, a campaign video's campaign).
 */
export interface ChangeSource {
  table: string;
  events: readonly Event[];
  /** Only rows that match (written with both `new.` and `old.`: an UPDATE's before and after). */
  when?: string;
  brand: string;
  kind: string;
  targetKind: string;
  target: string;
  video: string;
  user: string;
  from?: string;
}

const ALL: readonly Event[] = ['INSERT', 'UPDATE', 'DELETE'];
const rowOf = (table: string, kind: string, targetKind: string, extra: Partial<ChangeSource> = {}): ChangeSource => ({
  table, events: ALL, brand: 'R.brand_id', kind: `'${kind}'`, targetKind: `'${targetKind}'`, target: 'R.id', video: 'NULL', user: 'NULL', ...extra,
});

/** What a screen shows that a teammate (or the back end itself: an analysis, a publish job) can change. */
export const CHANGE_SOURCES: readonly ChangeSource[] = [
  rowOf('videos', 'video', 'video', { video: 'R.id' }),
  rowOf('video_removals', 'video', 'video', { events: ['INSERT', 'DELETE'], target: 'R.video_id', video: 'R.video_id' }),
  rowOf('notes', 'note', '', { targetKind: 'R.kind', target: 'R.target_id', video: "CASE WHEN R.kind = 'video' THEN R.target_id END", user: 'R.user_id' }),
  rowOf('marks', '', '', {
    kind: "CASE WHEN R.mark = 'trash' THEN 'trash' ELSE R.mark END", targetKind: 'R.kind', target: 'R.target_id',
    video: "CASE WHEN R.kind = 'video' THEN R.target_id END", user: 'R.user_id',
  }),
  rowOf('demographics_labels', 'label', 'label', { video: 'R.video_id', user: 'R.user_id' }),
  rowOf('reports', 'report', 'report', { user: 'R.user_id' }),
  rowOf('campaigns', 'campaign', 'campaign'),
  rowOf('campaign_videos', 'campaign', 'campaign', { events: ['INSERT', 'DELETE'], brand: 'c.brand_id', target: 'R.campaign_id', video: 'R.video_id', from: 'campaigns c WHERE c.id = R.campaign_id' }),
  rowOf('widgets', 'widget', 'widget'),
  rowOf('playlists', 'widget', 'playlist'),
  rowOf('license_agreements', 'license', 'license', { video: 'R.video_id' }),
  rowOf('license_purchases', 'license', 'license', { events: ['INSERT'], brand: 'a.brand_id', target: 'R.agreement_id', video: 'a.video_id', from: 'license_agreements a WHERE a.id = R.agreement_id' }),
  rowOf('analysis_jobs', 'analysis', 'video', {
    events: ['UPDATE'], when: "new.state <> old.state AND new.state IN ('completed', 'failed')",
    brand: 'v.brand_id', target: 'R.video_id', video: 'R.video_id', from: 'videos v WHERE v.id = R.video_id',
  }),
  // A teammate removed from the brand: their open streams end at once, on every instance (changeStreams.ts).
  rowOf('brand_members', 'team', 'removed_member', { events: ['DELETE'], target: 'R.user_id' }),
  rowOf('publish_jobs', 'publish', 'video', {
    events: ['UPDATE'], when: "new.state <> old.state AND new.state IN ('published', 'unpublished', 'failed')", target: 'R.video_id', video: 'R.video_id',
  }),
];

/** The statement a trigger runs for one written row (`row` is how the engine names it). */
export function changeInsert(source: ChangeSource, row: string): string {
  const r = (expression: string) => expression.replace(/\bR\./g, `${row}.`);
  const columns = [source.brand, source.kind, source.targetKind, source.target, source.video, source.user].map(r).join(', ');
  return `INSERT INTO brand_changes (brand_id, kind, target_kind, target_id, video_id, user_id) SELECT ${columns}${source.from ? ` FROM ${r(source.from)}` : ''};`;
}

const sqliteTriggers = (source: ChangeSource) =>
  source.events
    .map((event) => {
      const row: Row = event === 'DELETE' ? 'old' : 'new';
      return `CREATE TRIGGER brand_changes_${source.table}_${event.toLowerCase()} AFTER ${event} ON ${source.table}${source.when ? ` WHEN ${source.when}` : ''} BEGIN
  ${changeInsert(source, row)}
END;`;
    })
    .join('\n');

/**
 * The brand change log (issue 29): one row per write a teammate's screen shows, in the order they were written, read
 * by the live event streams (`repositories/changes/brandChangeLog.ts`). Triggers write it, so every route, the
 * analysis pipeline and the publish runner are logged without each remembering to. `seq` never repeats (AUTOINCREMENT)
 * and is the stream's event id: a client that lost its connection resumes after the last one it read.
 */
export const migration029BrandChanges: Migration = {
  version: 29,
  name: 'brand_changes',
  up: `
CREATE TABLE brand_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  brand_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  target_kind TEXT NOT NULL,
  target_id TEXT NOT NULL,
  video_id TEXT,
  user_id TEXT
);
CREATE INDEX brand_changes_brand ON brand_changes (brand_id, seq);
${CHANGE_SOURCES.map(sqliteTriggers).join('\n')}
`,
};
