import { describe, expect, it } from 'vitest';
import { ReportDefinitionSchema, type ReportDefinitionInput } from '../../../../src/shared/http/reports.schemas';
import { createHomeRows } from '../../../../src/server/repositories/home/homeRows';
import { createReportsRepository } from '../../../../src/server/repositories/reports/reportsRepository';
import { useBothEngines, type EngineUnderTest } from './support/bothEngines';
import { CATALOG_ROWS, sameOnBoth } from './support/catalogRows';

const both = useBothEngines(CATALOG_ROWS);
const AT = '2026-11-20T09:00:00.000Z';
const definition = (input: ReportDefinitionInput) => ReportDefinitionSchema.parse(input);

/** Saved reports of b1 (one of each kind, a title with a percent sign and one in capitals) and one of b2. */
async function saveSome({ sql }: EngineUnderTest) {
  const saved = createReportsRepository(sql);
  const ids: string[] = [];
  const save = async (brandId: string, input: ReportDefinitionInput, minute: number) =>
    ids.push((await saved.create(brandId, 'u1', definition(input), `2026-11-20T09:${String(minute).padStart(2, '0')}:00.000Z`))._id);
  await save('b1', { type: 'engagement', title: 'Weekly ENGAGEMENT' }, 1);
  await save('b1', { type: 'custom', title: 'Top 50% videos', metrics: ['kpis', 'videos'], duration: 'custom', start_date: '2026-10-01', end_date: '2026-10-31' }, 2);
  await save('b1', { type: 'speech', title: 'Price talk', highlight: 'price', comparison: 'custom', compare_start_date: '2026-09-01', compare_end_date: '2026-09-30' }, 3);
  await save('b1', { type: 'sentiment', title: 'Mood', filters: { platform: ['Tiktok'], competitor_brands: 'b2' } }, 4);
  await save('b2', { type: 'engagement', title: 'Their engagement' }, 5);
  return { saved, ids };
}

/** A saved report without its generated id (each engine makes its own). */
const withoutId = <T extends { _id: string }>({ _id: _ignored, ...report }: T): Omit<T, '_id'> => report;

describe('saved reports answer alike on SQLite and PostgreSQL', () => {
  it('lists a brand\'s reports per tab and title search (case folded, % as a plain character), newest change first, with counts', async () => {
    const answer = await sameOnBoth(both.engines(), async (engine) => {
      const { saved } = await saveSome(engine);
      const titles = async (tab: Parameters<typeof saved.list>[1], search: string) => (await saved.list('b1', tab, search)).map((report) => report.title);
      return {
        all: (await saved.list('b1', 'All Reports', '')).map(withoutId),
        engagement: await titles('engagement', ''),
        searched: [await titles('All Reports', 'engagement'), await titles('All Reports', '50%'), await titles('All Reports', '%'), await titles('speech', 'mood')],
        counts: await saved.counts('b1'),
        none: await saved.counts('b9'),
      };
    });
    expect(answer.all.map((report) => report.title)).toEqual(['Mood', 'Price talk', 'Top 50% videos', 'Weekly ENGAGEMENT']);
    expect(answer.all[1]).toMatchObject({ highlight: 'price', comparison: 'custom', compare_start_date: '2026-09-01', metrics: [] });
    expect(answer.all[2]).toMatchObject({ metrics: ['kpis', 'videos'], start_date: '2026-10-01', end_date: '2026-10-31', brand_id: 'b1', user_id: 'u1' });
    expect(answer.all[0]?.filters).toMatchObject({ platform: ['Tiktok'], competitor_brands: 'b2' });
    expect(answer.engagement).toEqual(['Weekly ENGAGEMENT']);
    expect(answer.searched).toEqual([['Weekly ENGAGEMENT'], ['Top 50% videos'], ['Top 50% videos'], []]);
    expect(answer.counts).toEqual({ 'All Reports': 4, custom: 1, sentiment: 1, demographic: 0, engagement: 1, speech: 1 });
    expect(answer.none['All Reports']).toBe(0);
  });

  it('finds, updates and removes only the brand\'s own report', async () => {
    const answer = await sameOnBoth(both.engines(), async (engine) => {
      const { saved, ids } = await saveSome(engine);
      const [first = '', , , , theirs = ''] = ids;
      const renamed = await saved.update(first, 'b1', 'u1', definition({ type: 'engagement', title: 'Renamed', graph_type: 'bar' }), AT);
      return {
        renamed: renamed && withoutId(renamed),
        notTheirs: [await saved.find(theirs, 'b1'), await saved.update(theirs, 'b1', 'u1', definition({ type: 'engagement', title: 'Taken' }), AT), await saved.remove(theirs, 'b1')],
        theirsKept: (await saved.find(theirs, 'b2'))?.title,
        removed: [await saved.remove(first, 'b1'), await saved.remove(first, 'b1'), await saved.find(first, 'b1')],
      };
    });
    expect(answer.renamed).toMatchObject({ title: 'Renamed', graph_type: 'bar', updated_at: AT, created_at: '2026-11-20T09:01:00.000Z' });
    expect(answer.notTheirs).toEqual([null, null, false]);
    expect(answer.theirsKept).toBe('Their engagement');
    expect(answer.removed).toEqual([true, false, null]);
  });

  it('the rows of a report\'s videos and a speech report\'s videos by id (publication time, none for an unpublished video)', async () => {
    const answer = await sameOnBoth(both.engines(), async ({ sql }) => {
      const rows = createHomeRows(sql);
      return [...(await rows.publishedVideos(['v3', 'v1', 'gone']))].sort(([a], [b]) => (a < b ? -1 : 1));
    });
    expect(answer).toEqual([
      ['v1', { _id: 'v1', title: 'Video v1', platform: 'tiktok', thumbnail_url: 'https://img.example/v1.jpg', creator_name: 'Maya Stone', views: 1000, published_at: '2026-11-20T10:00:00.000Z' }],
      ['v3', { _id: 'v3', title: 'Video v3', platform: 'tiktok', thumbnail_url: 'https://img.example/v3.jpg', creator_name: 'Maya Stone', views: 0, published_at: null }],
    ]);
  });
});
