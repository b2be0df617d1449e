import { describe, expect, it } from 'vitest';
import { VIDEO_SORTS, VIDEO_TABS } from '../../../../src/shared/constants';
import { VideoListQuerySchema } from '../../../../src/shared/http/videoList.schemas';
import type { SqlClient } from '../../../../src/server/db/sqlClient';
import { createVideoRepositories } from '../../../../src/server/repositories/videos/index';
import { dateWindow } from '../../../../src/server/repositories/videos/videoDates';
import { useBothEngines } from './support/bothEngines';
import { B1_SCOPE, CATALOG_ROWS, sameOnBoth } from './support/catalogRows';

/**
 * The catalog with transcripts in several scripts, the acting brand's marks on videos, a note, a removal and a
 * campaign video: everything the list index reads besides the videos rows.
 */
const both = useBothEngines(`${CATALOG_ROWS}
INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment) VALUES
  ('v1', 0, 0, 'The Glow Serum feels light', 'positive'), ('v1', 1, 2.5, 'Not sticky at all', 'neutral'),
  ('v2', 0, 0, 'Too sticky for summer', 'negative'), ('v7', 0, 0, 'このセラムは軽い', 'positive'),
  ('v8', 0, 0, 'Le sérum coûte cher', 'negative'), ('v10', 0, 0, 'Glow serum dupe?', 'neutral'),
  ('v5', 0, 0, 'we counted one two three five', 'neutral'), ('v5', 1, 3, 'then one two three four worked', 'positive'),
  ('v5', 2, 6, 'again one two three four', 'neutral');
INSERT INTO favorites (kind, target_id, brand_id, user_id, created_at) VALUES
  ('video', 'v2', 'b1', 'u1', '2026-11-05T00:00:00.000Z'), ('video', 'v7', 'b1', 'u1', '2026-11-05T00:00:00.000Z');
INSERT INTO marks (mark, kind, target_id, brand_id, user_id, created_at) VALUES
  ('flag', 'video', 'v4', 'b1', 'u1', '2026-11-05T00:00:00.000Z'), ('trash', 'video', 'v6', 'b1', 'u1', '2026-11-05T00:00:00.000Z');
INSERT INTO notes (id, kind, target_id, brand_id, user_id, content, created_at, updated_at) VALUES
  ('n9', 'video', 'v1', 'b1', 'u1', 'Ask Maya for the RAW cut', '2026-11-02T00:00:00.000Z', '2026-11-02T00:00:00.000Z');
INSERT INTO video_removals (brand_id, video_id, created_at) VALUES ('b1', 'v9', '2026-11-05T00:00:00.000Z');
INSERT INTO campaign_videos (campaign_id, video_id, submitted_at) VALUES ('k1', 'v5', '2026-11-05T00:00:00.000Z');`);

const NOW = new Date('2026-11-26T12:00:00.000Z');
const opened = new WeakMap<SqlClient, ReturnType<typeof createVideoRepositories>>();

/** The list's whole answer for a query string: count, summary, the first page's ids and lines, every id, the options. */
async function listAnswer(sql: SqlClient, raw: Record<string, string>) {
  // One set of repositories per engine, as a back end keeps: the index loads once and then follows the writes.
  let repos = opened.get(sql);
  if (!repos) opened.set(sql, (repos = createVideoRepositories(sql)));
  const query = VideoListQuerySchema.parse({ brand_id: 'b1', user_id: 'u1', per_page: '10', ...raw });
  const window = dateWindow(query.date, NOW, query);
  const scope = { ...B1_SCOPE, competitorIds: [...B1_SCOPE.competitorIds] };
  const summary = await repos.list.summary(scope, query, window);
  const page = await repos.list.page(scope, query, window, summary.count);
  // The route's one-catch-up answer is the same summary and page.
  expect(await repos.list.listing(scope, query, window)).toEqual({ summary, videos: page });
  return {
    summary,
    page: page.map((item) => [item._id, item.is_favorite, item.transcript_match?.content ?? null]),
    ids: (await repos.list.ids(scope, query, window)).map((entry) => `${entry.video_id}@${entry.manufacturer_ids.join()}`),
    filters: (await repos.facets.forTab(scope, query.tab)).filters,
  };
}

const QUERIES: Record<string, string>[] = [
  ...VIDEO_TABS.flatMap((tab) => VIDEO_SORTS.map((sort) => ({ tab, sort }))),
  { tab: 'My Videos', sort: 'created_at', desc: 'false' },
  { tab: 'Competition', search: 'video v' },
  { tab: 'My Videos', search: 'MAYA' },
  { tab: 'My Videos', search: 'sticky', search_in: 'transcript' },
  { tab: 'Competition', search: 'sérum', search_in: 'transcript' },
  { tab: 'Competition', search: 'セラム', search_in: 'transcript' },
  { tab: 'My Videos', search: 'glow serum feels', search_in: 'transcript' },
  { tab: 'My Videos', filters: JSON.stringify({ note: { values: ['has_note'], text: 'raw cut' } }) },
  { tab: 'My Videos', filters: JSON.stringify({ product: ['p1'] }) },
  { tab: 'Competition', filters: JSON.stringify({ influencer: ['c5'] }) },
];

describe('the videos list (its in-memory index) answers alike on SQLite and PostgreSQL', () => {
  it('every tab and sort, searches in titles and transcripts of any script, filters and their options', async () => {
    for (const raw of QUERIES) {
      const answer = await sameOnBoth(both.engines(), ({ sql }) => listAnswer(sql, raw), JSON.stringify(raw));
      expect(answer.ids.length, JSON.stringify(raw)).toBe(answer.summary.count);
    }
    const sticky = await listAnswer(both.engines()[1]?.sql as SqlClient, { search: 'sticky', search_in: 'transcript' });
    expect(sticky.page).toEqual([['v2', true, 'Too sticky for summer'], ['v1', false, 'Not sticky at all']]);
    // The line shown is the first saying the whole run, though an earlier one holds its first three words.
    for (const { sql } of both.engines()) {
      const run = await listAnswer(sql, { search: 'one two three four', search_in: 'transcript', date: 'all_dates' });
      expect(run.page, sql.engine).toEqual([['v5', false, 'then one two three four worked']]);
    }
    const trash = await listAnswer(both.engines()[1]?.sql as SqlClient, { tab: 'Trash' });
    expect(trash.ids).toEqual(['v6@b1']);
  });

  it('follows writes made after its first answer, whoever makes them: rows, products, marks, notes, removals, deletes', async () => {
    const writes = [
      "UPDATE videos SET title = 'Renamed zebra', sentiment_positive = 0.875 WHERE id = 'v3'",
      "INSERT INTO video_products (video_id, product_id) VALUES ('v3', 'p4')",
      "INSERT INTO marks (mark, kind, target_id, brand_id, user_id, created_at) VALUES ('trash', 'video', 'v5', 'b1', 'u1', '2026-11-06T00:00:00.000Z')",
      "DELETE FROM favorites WHERE target_id = 'v2'",
      "UPDATE notes SET content = 'zebra stripes' WHERE id = 'n9'",
      "DELETE FROM video_removals WHERE video_id = 'v9'",
      "DELETE FROM videos WHERE id = 'v8'",
      "INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment) VALUES ('v3', 0, 0, 'A zebra appears', 'neutral')",
    ];
    const probes: Record<string, string>[] = [
      { search: 'zebra' }, { search: 'zebra', search_in: 'transcript' }, { tab: 'Trash' }, { tab: 'Favorites' }, { tab: 'Competition' },
      { filters: JSON.stringify({ product: ['p4'] }) }, { filters: JSON.stringify({ note: { values: [], text: 'zebra' } }) }, { sort: 'highest_sentiment' },
    ];
    for (const { sql } of both.engines()) await listAnswer(sql, {});
    for (const write of writes) for (const { sql } of both.engines()) await sql.run(write);
    for (const raw of probes) await sameOnBoth(both.engines(), ({ sql }) => listAnswer(sql, raw), JSON.stringify(raw));
    const after = await listAnswer(both.engines()[1]?.sql as SqlClient, { search: 'zebra', search_in: 'transcript' });
    expect(after.ids).toEqual(['v3@b1']);
    expect((await listAnswer(both.engines()[1]?.sql as SqlClient, { tab: 'Competition' })).ids).not.toContain('v8@b2');
  });

  it('on PostgreSQL, follows a transaction that commits after a later one (the log is read by transaction, not by seq)', async () => {
    const postgres = both.engines().find((engine) => engine.name === 'postgres');
    if (!postgres) throw new Error('no PostgreSQL engine');
    expect((await listAnswer(postgres.sql, { search: 'zed' })).ids).toEqual([]);
    const [slow, fast] = [await postgres.another(), await postgres.another()];
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let wrote = (): void => undefined;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    // The slow writer's log row takes a lower seq than the fast one's, and commits after it.
    const slowWrite = slow.transaction(async (tx) => {
      await tx.run("UPDATE videos SET title = 'Zed slow' WHERE id = 'v1'");
      wrote();
      await gate;
    });
    await written;
    await fast.run("UPDATE videos SET title = 'Zed fast' WHERE id = 'v2'");
    expect((await listAnswer(postgres.sql, { search: 'zed' })).ids).not.toContain('v1@b1');
    release();
    await slowWrite;
    expect((await listAnswer(postgres.sql, { search: 'zed' })).ids.sort()).toEqual(['v1@b1', 'v2@b1']);
  });
});
