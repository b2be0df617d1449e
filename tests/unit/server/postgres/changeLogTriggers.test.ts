import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePgTestCluster } from './support/pgTestCluster';
import { openTwoEngines } from './support/twoEngines';
import type { TwoEngines } from './support/twoEngines';

const NOW = "'2026-01-01T00:00:00.000Z'";
const video = (id: string, creator: string, sentiment: number, published: string) =>
  `INSERT INTO videos (id, brand_id, title, platform, video_url, creator_id, sentiment_positive, published_at, created_at, updated_at)
   VALUES ('${id}', 'b1', 'Video ${id}', 'youtube', 'https://v.example/${id}', '${creator}', ${sentiment}, '${published}', ${NOW}, ${NOW});`;
const line = (videoId: string, lineNo: number, content: string) =>
  `INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment) VALUES ('${videoId}', ${lineNo}, ${lineNo}, '${content}', 'neutral');`;

const WORKSPACE = `
INSERT INTO users (id, email, password_hash, first_name, last_name, created_at) VALUES ('u1', 'ana@example.com', 'x', 'Ana', 'Lee', ${NOW});
INSERT INTO brands (id, name, created_at) VALUES ('b1', 'Glow', ${NOW});
INSERT INTO creators (id, brand_id, name, handle, platform, email, country, language, subscribers, video_count, creator_type, created_at)
  VALUES ('c1', 'b1', 'Mia', '@mia', 'youtube', 'mia@example.com', 'US', 'en', 1000, 2, 'fan', ${NOW}),
         ('c2', 'b1', 'Noa', '@noa', 'tiktok', NULL, 'DE', 'de', 500, 1, 'expert', ${NOW});
INSERT INTO products (id, brand_id, name, category, description, price, created_at, updated_at)
  VALUES ('p1', 'b1', 'Serum', 'skin', 'A serum', 20, ${NOW}, ${NOW}), ('p2', 'b1', 'Cream', 'skin', 'A cream', 12.5, ${NOW}, ${NOW});`;

/**
 * Writes as the routes make them, each run on both engines; after each, what the triggers wrote must be the same: the
 * change log the in-memory list index replays, the transcript term sets and the products' video aggregates.
 */
const STEPS: [string, string][] = [
  ['videos are added', `${video('v1', 'c1', 0.1, '2026-01-02')}${video('v2', 'c1', 0.7, '2026-01-05')}${video('v3', 'c2', 0.2, '2026-01-03')}`],
  ['products are tagged', "INSERT INTO video_products (video_id, product_id) VALUES ('v1', 'p1'), ('v2', 'p1'), ('v3', 'p1'), ('v3', 'p2');"],
  ['transcripts arrive', `${line('v1', 1, 'glow serum works')}${line('v1', 2, 'really glow')}${line('v2', 1, 'too pricey')}`],
  ['the search index marks its videos indexed', 'DELETE FROM transcript_term_pending; INSERT INTO transcript_term_videos (video_rowid) SELECT rowid FROM videos;'],
  ['a title is edited', "UPDATE videos SET title = 'Renamed' WHERE id = 'v2';"],
  ['a sentiment and a date change', "UPDATE videos SET sentiment_positive = 0.9, published_at = '2026-02-01' WHERE id = 'v3';"],
  ['a creator is renamed', "UPDATE creators SET name = 'Mia R' WHERE id = 'c1';"],
  ['a creator changes something other than the name', 'UPDATE creators SET subscribers = 2000 WHERE id = \'c2\';'],
  ['a creator’s email is checked, then changed', "UPDATE creators SET email_valid = 1 WHERE id = 'c1'; UPDATE creators SET email = 'mia@new.example', email_valid = 1 WHERE id = 'c1';"],
  ['a line is corrected', "UPDATE transcript_lines SET content = 'glow serum rocks' WHERE video_id = 'v1' AND line_no = 1;"],
  ['a line changes its time only', "UPDATE transcript_lines SET start_time = 1.5 WHERE video_id = 'v1' AND line_no = 1;"],
  ['a line is deleted', "DELETE FROM transcript_lines WHERE video_id = 'v2';"],
  ['a product tag is removed', "DELETE FROM video_products WHERE video_id = 'v3' AND product_id = 'p1';"],
  ['a video with transcript and products is deleted', "DELETE FROM videos WHERE id = 'v1';"],
  ['a creator is deleted (its videos keep no creator)', "DELETE FROM creators WHERE id = 'c2';"],
];

/** What the triggers keep, in a form both engines print alike (log rows of this step as a sorted multiset). */
async function triggerState(engines: TwoEngines, logFrom: { sqlite: number; pg: number }) {
  const logSql = (from: number) => `SELECT video_id, kind FROM video_search_log WHERE seq > ${from} ORDER BY video_id, kind`;
  const log = { sqlite: engines.sqlite.prepare(logSql(logFrom.sqlite)).all(), pg: (await engines.pg.query(logSql(logFrom.pg))).rows };
  const sets = await engines.query(`
    SELECT 'pending' AS set_name, video_rowid FROM transcript_term_pending UNION ALL
    SELECT 'indexed', video_rowid FROM transcript_term_videos UNION ALL
    SELECT 'stale', video_rowid FROM transcript_term_stale ORDER BY set_name, video_rowid`);
  const products = await engines.query('SELECT id, sentiment_positive, video_reviews, latest_video_at FROM products ORDER BY id');
  const creators = await engines.query('SELECT id, email, email_valid FROM creators ORDER BY id');
  return {
    sqlite: { log: log.sqlite, sets: sets.sqlite, products: products.sqlite, creators: creators.sqlite },
    pg: { log: log.pg, sets: sets.pg, products: products.pg, creators: creators.pg },
  };
}

async function lastSeq(engines: TwoEngines): Promise<{ sqlite: number; pg: number }> {
  const { sqlite, pg } = await engines.query('SELECT COALESCE(MAX(seq), 0) AS seq FROM video_search_log');
  return { sqlite: Number(sqlite[0]?.seq), pg: Number(pg[0]?.seq) };
}

describe('the change-log and aggregate triggers write on PostgreSQL what they write on SQLite', () => {
  const pgCluster = usePgTestCluster();
  let engines: TwoEngines;
  beforeEach(async () => {
    engines = await openTwoEngines(await pgCluster.createDatabase());
    await engines.exec(WORKSPACE);
  });
  afterEach(async () => {
    await engines.close();
  });

  it('after every write of a workspace’s life', async () => {
    for (const [step, sql] of STEPS) {
      const from = await lastSeq(engines);
      await engines.exec(sql);
      const state = await triggerState(engines, from);
      expect({ step, ...state.pg }).toEqual({ step, ...state.sqlite });
    }
    // The steps did write something of each kind (the comparison is not of empty tables).
    const { sqlite } = await engines.query("SELECT COUNT(*) AS n, COUNT(DISTINCT kind) AS kinds FROM video_search_log");
    expect(sqlite[0]).toEqual({ n: expect.any(Number) as number, kinds: 2 });
    const stale = await engines.query('SELECT COUNT(*) AS n FROM transcript_term_stale');
    expect(stale.sqlite[0]?.n).toBe(1);
  });
});
