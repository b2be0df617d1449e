import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient, SqlParam } from '../../../../src/server/db/sqlClient';
import { createVideoRepositories } from '../../../../src/server/repositories/videos/index';
import { dateWindow } from '../../../../src/server/repositories/videos/videoDates';
import { VideoListQuerySchema } from '../../../../src/shared/http/videos.schemas';
import { openVideoWorkspace, WORKSPACE_NOW, type VideoWorkspace } from './support/videoWorkspace';

// Issue 26, item 27: a start answers the first list a person most likely asks for (My Videos of the brand active last)
// while they sign in, so their first list waits for no store read but its page's rows: the brand's marks and the tab's
// filter options are ready. Each case reads the seeded workspace through repositories of its own, as a start does.

let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace(0.1);
}, 120_000);
afterAll(async () => w.close());

/** The real client, with every statement it is asked to run written down. */
function recording(sql: SqlClient): { sql: SqlClient; statements: string[] } {
  const statements: string[] = [];
  const wrap = (client: SqlClient): SqlClient => ({
    engine: client.engine,
    all: <T extends object>(text: string, params?: readonly SqlParam[]) => (statements.push(text), client.all<T>(text, params)),
    get: <T extends object>(text: string, params?: readonly SqlParam[]) => (statements.push(text), client.get<T>(text, params)),
    run: (text, params) => (statements.push(text), client.run(text, params)),
    transaction: (work) => client.transaction((tx) => work(wrap(tx))),
  });
  return { sql: wrap(sql), statements };
}

/** The first list of a brand as GET /videos asks for it: its summary and page, and the tab's filter options. */
async function firstList(repos: ReturnType<typeof createVideoRepositories>, brandId: string): Promise<void> {
  // (Read on the side: the route takes them from the session.)
  const competitorIds = await createVideoRepositories(w.sql).competitorsOf(brandId);
  const query = VideoListQuerySchema.parse({ tab: 'My Videos' });
  const scope = { brandId, competitorIds };
  await Promise.all([repos.list.listing(scope, query, dateWindow(query.date, new Date(WORKSPACE_NOW), query)), repos.facets.forTab(scope, query.tab)]);
}

/** Repositories of their own (as a start has), loaded or warmed up, with the statements from then on written down. */
async function started(warm: boolean): Promise<{ repos: ReturnType<typeof createVideoRepositories>; statements: string[] }> {
  const { sql, statements } = recording(w.sql);
  const repos = createVideoRepositories(sql);
  await (warm ? repos.warmFirstList(new Date(WORKSPACE_NOW)) : repos.index.ready());
  statements.length = 0;
  return { repos, statements };
}

const readsMarksOrOptions = (statements: readonly string[]): string[] =>
  statements.filter((text) => /FROM (marks|notes|video_removals|campaign_videos|creators|products|brands) WHERE/.test(text));

describe('the first list after a start', () => {
  it('reads the brand marks and the filter options of a cold start itself (the reference for the case below)', async () => {
    const { repos, statements } = await started(false);
    await firstList(repos, w.brandId);
    expect(readsMarksOrOptions(statements).length).toBeGreaterThan(0);
  });

  it('finds the marks and filter options of the brand active last ready after the warm-up', async () => {
    // Another brand of the manager was used last: that is the list a start prepares.
    await w.sql.run('UPDATE brand_members SET last_active_at = NULL');
    await w.sql.run('UPDATE brand_members SET last_active_at = ? WHERE brand_id = ? AND user_id = ?', [WORKSPACE_NOW, w.otherBrandId, w.userId]);
    const { repos, statements } = await started(true);
    await firstList(repos, w.otherBrandId);
    expect(readsMarksOrOptions(statements)).toEqual([]);
  });

  it('on a workspace nobody used yet, prepares the member brand with the most videos', async () => {
    await w.sql.run('UPDATE brand_members SET last_active_at = NULL');
    const largest = await w.sql.get<{ brand_id: string }>(
      'SELECT m.brand_id FROM brand_members m JOIN videos v ON v.brand_id = m.brand_id GROUP BY m.brand_id ORDER BY COUNT(DISTINCT v.id) DESC LIMIT 1',
    );
    const { repos, statements } = await started(true);
    await firstList(repos, largest?.brand_id ?? '');
    expect(readsMarksOrOptions(statements)).toEqual([]);
  });

  it('shares one read of a brand marks between the list and its filter options asked for at once', async () => {
    const { repos, statements } = await started(false);
    await firstList(repos, w.brandId);
    expect(statements.filter((text) => text.includes('FROM marks WHERE'))).toHaveLength(1);
  });
});
