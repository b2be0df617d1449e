import { describe, expect, it } from 'vitest';
import { CREATOR_TABS, SUBSCRIBER_THRESHOLDS } from '../../../../src/shared/constants';
import { CREATOR_SORTS, CreatorListQuerySchema, type CreatorListQueryInput } from '../../../../src/shared/http/creators.schemas';
import { createCreatorDetailRepository } from '../../../../src/server/repositories/creators/creatorDetailRepository';
import { CREATOR_TRENDING_MS, createCreatorListRepository, creatorTabBrands } from '../../../../src/server/repositories/creators/creatorListRepository';
import { dateWindow } from '../../../../src/server/repositories/videos/videoDates';
import { creatorsCsv } from '../../../../src/server/routes/main/creators/creatorCsv';
import { useBothEngines, type EngineUnderTest } from './support/bothEngines';
import { B1_SCOPE, CATALOG_ROWS, sameOnBoth } from './support/catalogRows';

const both = useBothEngines(CATALOG_ROWS);
const NOW = new Date('2026-11-26T12:00:00.000Z');

/** Each filter family on its own, and a few together. */
const FILTERS: CreatorListQueryInput[] = [
  {},
  { filters: JSON.stringify({ country: ['US', 'DE'] }) },
  { filters: JSON.stringify({ subscribers: { radio: 'gte', value: SUBSCRIBER_THRESHOLDS[2] } }) },
  { filters: JSON.stringify({ subscribers: { radio: 'lte', value: SUBSCRIBER_THRESHOLDS[4] } }) },
  { filters: JSON.stringify({ videos: { radio: 'gte', value: 2 } }) },
  { filters: JSON.stringify({ videos: { radio: 'lte', value: 1 } }) },
  { validEmail: 'true' },
  { reelscopeVerified: 'true' },
  { trending: 'true' },
  { search: 'MAYA' },
  { search: '100%' },
  { search: 'léa' },
  { search: 'LÉA' },
  { date: 'custom', start_date: '2026-10-01', end_date: '2026-11-21' },
  { date: '1m', filters: JSON.stringify({ country: ['US'] }), validEmail: 'true' },
];

async function listing(engine: EngineUnderTest, input: CreatorListQueryInput) {
  const list = createCreatorListRepository(engine.sql);
  const query = CreatorListQuerySchema.parse({ brand_id: 'b1', ...input });
  await list.checkEmails();
  const brands = creatorTabBrands(query.tab, B1_SCOPE);
  const reference = await list.referenceTime([B1_SCOPE.brandId, ...B1_SCOPE.competitorIds], NOW);
  const window = dateWindow(query.date, reference, query);
  const since = new Date(reference.getTime() - CREATOR_TRENDING_MS).toISOString();
  const count = await list.count(brands, query, window, since);
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  return {
    count,
    // The page walked in sort order and the page sorted from few matches, at two offsets.
    walked: [ids(await list.pageIds(brands, query, window, since, 3, 0)), ids(await list.pageIds(brands, query, window, since, 3, 2))],
    sorted: [ids(await list.pageIds(brands, query, window, since, 3, 0, count)), ids(await list.pageIds(brands, query, window, since, 3, 2, count))],
    every: await list.everyMatch(brands, query, window, since),
  };
}

describe('the creators list answers alike on SQLite and PostgreSQL', () => {
  it('counts, pages (walked and sorted) and every match for each tab, sort, direction and filter family', async () => {
    let compared = 0;
    for (const tab of CREATOR_TABS) {
      for (const sort of CREATOR_SORTS) {
        for (const desc of ['true', 'false'] as const) {
          for (const filters of FILTERS) {
            const input = { tab, sort, desc, ...filters };
            const answer = await sameOnBoth(both.engines(), (engine) => listing(engine, input), JSON.stringify(input));
            expect(answer.sorted, JSON.stringify(input)).toEqual(answer.walked);
            expect(answer.every.length).toBe(answer.count);
            compared += answer.count;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('searches names and handles in any ASCII case, a % literally, and checks emails with the spec rule', async () => {
    const answer = await sameOnBoth(both.engines(), (engine) => listing(engine, { tab: 'View All', search: 'mAyA' }));
    expect(answer.every.map((row) => row.id).sort()).toEqual(['c1', 'c5']);
    const percent = await sameOnBoth(both.engines(), (engine) => listing(engine, { tab: 'View All', search: '0%' }));
    expect(percent.every.map((row) => row.id)).toEqual(['c3']);
    const valid = await sameOnBoth(both.engines(), (engine) => listing(engine, { tab: 'View All', validEmail: 'true', sort: 'subscribers' }));
    expect(valid.every.map((row) => [row.id, row.email_valid])).toEqual([['c5', 1], ['c4', 1], ['c7', 1], ['c1', 1]]);
  });

  it('the filter options of each tab, and again after a change', async () => {
    for (const tab of CREATOR_TABS) {
      const options = await sameOnBoth(both.engines(), (engine) => createCreatorListRepository(engine.sql).options(creatorTabBrands(tab, B1_SCOPE)), tab);
      if (tab === 'View All') {
        expect(options.country).toEqual([
          { value: 'US', label: 'US', count: 3 }, { value: 'DE', label: 'DE', count: 2 }, { value: 'FR', label: 'FR', count: 1 }, { value: 'JP', label: 'JP', count: 1 },
        ]);
        expect(options.subscribers.map((option) => option.count)).toEqual([7, 6, 4, 4, 3, 2, 1]);
        expect(options.reelscopeVerified).toBe(3);
      }
    }
    const after = await sameOnBoth(both.engines(), async (engine) => {
      const list = createCreatorListRepository(engine.sql);
      await list.options(['b1']);
      await engine.sql.run("UPDATE creators SET country = 'FR', verified = 1 WHERE id = 'c3'");
      return list.options(['b1']);
    });
    expect(after.country).toEqual([{ value: 'FR', label: 'FR', count: 2 }, { value: 'US', label: 'US', count: 1 }]);
    expect(after.reelscopeVerified).toBe(3);
  });

  it('the CSV of every match is the same file', async () => {
    for (const input of [{ tab: 'View All' as const }, { tab: 'My Creators' as const, sort: 'video_count' as const, desc: 'false' as const }]) {
      await sameOnBoth(both.engines(), async (engine) => {
        const { every } = await listing(engine, input);
        const rows = new Map((await createCreatorDetailRepository(engine.sql).rows('b1', every.map((row) => row.id))).map((row) => [row.id, row]));
        return creatorsCsv(every.flatMap((match) => rows.get(match.id) ?? []));
      }, JSON.stringify(input));
    }
  });
});
