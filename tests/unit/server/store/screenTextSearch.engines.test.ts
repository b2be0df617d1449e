import { describe, expect, it } from 'vitest';
import { VideoListQuerySchema } from '../../../../src/shared/http/videoList.schemas';
import type { SqlClient } from '../../../../src/server/db/sqlClient';
import { createVideoRepositories } from '../../../../src/server/repositories/videos/index';
import { dateWindow } from '../../../../src/server/repositories/videos/videoDates';
import { useBothEngines } from './support/bothEngines';
import { B1_SCOPE, CATALOG_ROWS, sameOnBoth } from './support/catalogRows';

/**
 * Search finds words written on screen (issue 41 item 4). v3's title ("Video v3") does not hold "Glow Serum"; its
 * screen text and on-screen lines (track 'screen', line_no from 1,000,000, as the analysis stores them) do. v1 only
 * SAYS it (a speech line). Rows written in SQL: the analysis that reads the screen is not under test here.
 */
const both = useBothEngines(`${CATALOG_ROWS}
UPDATE videos SET screen_text = 'GLOW SERUM
20% OFF · #ad' WHERE id = 'v3';
INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment, track, end_time) VALUES
  ('v1', 0, 0, 'The Glow Serum feels light', 'positive', 'speech', 2),
  ('v3', 0, 0, 'Look at this texture', 'neutral', 'speech', 2),
  ('v3', 1000000, 0.5, '20% OFF · #ad', 'neutral', 'screen', 3),
  ('v3', 1000001, 4, 'GLOW SERUM', 'neutral', 'screen', 9);`);

const NOW = new Date('2026-11-26T12:00:00.000Z');
const opened = new WeakMap<SqlClient, ReturnType<typeof createVideoRepositories>>();

/** Every matching id, and the first page's rows with the line shown under each. */
async function found(sql: SqlClient, raw: Record<string, string>, repos = opened.get(sql)) {
  if (!repos) opened.set(sql, (repos = createVideoRepositories(sql)));
  const query = VideoListQuerySchema.parse({ brand_id: 'b1', user_id: 'u1', per_page: '10', ...raw });
  const window = dateWindow(query.date, NOW, query);
  const scope = { ...B1_SCOPE, competitorIds: [...B1_SCOPE.competitorIds] };
  const summary = await repos.list.summary(scope, query, window);
  const page = await repos.list.page(scope, query, window, summary.count);
  return {
    count: summary.count,
    ids: (await repos.list.ids(scope, query, window)).map((entry) => entry.video_id),
    page: page.map((item) => [item._id, item.transcript_match ? [item.transcript_match.start_time, item.transcript_match.content] : null]),
  };
}

const ask = (raw: Record<string, string>) => sameOnBoth(both.engines(), ({ sql }) => found(sql, raw), JSON.stringify(raw));

describe('search finds words written on screen, alike on SQLite and PostgreSQL', () => {
  it('the plain search box finds a video by its screen text; on_screen finds only what is shown; transcript finds both tracks', async () => {
    // Plain search (titles): the screen text counts as the title does, in any case; what is only said does not.
    expect(await ask({ search: 'Glow Serum' })).toEqual({ count: 1, ids: ['v3'], page: [['v3', null]] });
    expect((await ask({ search: 'glow serum', search_in: 'title' })).ids).toEqual(['v3']);
    expect((await ask({ search: '#AD' })).ids).toEqual(['v3']);
    // Titles still match as before.
    expect((await ask({ search: 'video v1' })).ids).toEqual(['v1']);
    // On screen: v3 with its matching screen line, not v1 that only says it, nor a title's words.
    expect(await ask({ search: 'Glow Serum', search_in: 'on_screen' })).toEqual({ count: 1, ids: ['v3'], page: [['v3', [4, 'GLOW SERUM']]] });
    expect((await ask({ search: 'video v3', search_in: 'on_screen' })).ids).toEqual([]);
    expect((await ask({ search: 'texture', search_in: 'on_screen' })).ids).toEqual([]);
    // Transcript: lines of both tracks (a screen line is a transcript line).
    const transcript = await ask({ search: 'glow serum', search_in: 'transcript' });
    expect(transcript.ids.sort()).toEqual(['v1', 'v3']);
    expect(new Map(transcript.page.map(([id, line]) => [id, line]))).toEqual(new Map([['v1', [0, 'The Glow Serum feels light']], ['v3', [4, 'GLOW SERUM']]]));
    // A competitor's tab answers the same way (v10 only says "Glow serum").
    expect((await ask({ tab: 'Competition', search: 'glow serum' })).ids).toEqual([]);
  });

  it('a restored snapshot of the index keeps the screen text', async () => {
    for (const { sql } of both.engines()) {
      expect((await found(sql, { search: 'glow serum' })).ids, sql.engine).toEqual(['v3']);
      // Another back end on the same database starts from the snapshot the first one saved.
      expect((await found(sql, { search: 'glow serum' }, createVideoRepositories(sql))).ids, sql.engine).toEqual(['v3']);
    }
  });

  it('follows a re-analysis that changes the screen text: the old words no longer find the video, the new ones do', async () => {
    for (const { sql } of both.engines()) expect((await found(sql, { search: 'glow serum' })).ids, sql.engine).toEqual(['v3']);
    for (const { sql } of both.engines()) {
      await sql.transaction(async (tx) => {
        await tx.run("DELETE FROM transcript_lines WHERE video_id = 'v3' AND track = 'screen'");
        await tx.run("UPDATE videos SET screen_text = ? WHERE id = 'v3'", ['DEW DROPS\nswipe up']);
        await tx.run("INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment, track, end_time) VALUES ('v3', 1000000, 1, 'DEW DROPS', 'neutral', 'screen', 5)");
      });
    }
    expect((await ask({ search: 'glow serum' })).ids).toEqual([]);
    expect((await ask({ search: 'glow serum', search_in: 'on_screen' })).ids).toEqual([]);
    expect((await ask({ search: 'glow serum', search_in: 'transcript' })).ids).toEqual(['v1']);
    expect(await ask({ search: 'dew drops' })).toEqual({ count: 1, ids: ['v3'], page: [['v3', null]] });
    expect(await ask({ search: 'Dew Drops', search_in: 'on_screen' })).toEqual({ count: 1, ids: ['v3'], page: [['v3', [1, 'DEW DROPS']]] });
    expect((await ask({ search: 'dew drops', search_in: 'transcript' })).page).toEqual([['v3', [1, 'DEW DROPS']]]);
    // Words seen on screen taken away altogether (a re-analysis that reads none).
    for (const { sql } of both.engines()) await sql.run("UPDATE videos SET screen_text = NULL WHERE id = 'v3'");
    expect((await ask({ search: 'dew drops' })).ids).toEqual([]);
    expect((await ask({ search: 'dew drops', search_in: 'on_screen' })).ids).toEqual([]);
  });
});
