import { describe, expect, it } from 'vitest';
import { createHomeRows } from '../../../../src/server/repositories/home/homeRows';
import { useBothEngines } from './support/bothEngines';
import { CATALOG_ROWS, sameOnBoth } from './support/catalogRows';

/** The catalog, a video without a creator, and transcript lines in two scripts. */
const both = useBothEngines(`${CATALOG_ROWS}
INSERT INTO videos (id, brand_id, title, platform, video_url, creator_id, views, created_at, updated_at)
  VALUES ('v11', 'b1', 'No creator', 'youtube', 'https://v.example/v11', NULL, 5, '2026-11-02T00:00:00.000Z', '2026-11-02T00:00:00.000Z');
INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment) VALUES
  ('v1', 0, 0, 'The serum feels light', 'positive'), ('v1', 1, 2.5, 'Not sticky at all', 'neutral'),
  ('v7', 0, 0, 'このセラムは軽い', 'positive'), ('v11', 0, 1, 'Too pricey for me', 'negative');`);

const byKey = <T>(map: Map<string, T>) => [...map].sort(([a], [b]) => (a < b ? -1 : 1));

describe('the rows home, reports and the assistant show answer alike on SQLite and PostgreSQL', () => {
  it('videos (with and without a creator), products and creators by id; an unknown or empty id list finds nothing', async () => {
    const answer = await sameOnBoth(both.engines(), async ({ sql }) => {
      const rows = createHomeRows(sql);
      return {
        videos: byKey(await rows.videos(['v1', 'v11', 'v7', 'gone'])),
        none: byKey(await rows.videos([])),
        products: byKey(await rows.products(['p1', 'p5', 'gone'])),
        creators: byKey(await rows.creators(['c1', 'c7', 'gone'])),
      };
    });
    expect(answer.videos.map(([id]) => id)).toEqual(['v1', 'v11', 'v7']);
    expect(answer.videos[1]?.[1]).toEqual({
      _id: 'v11', title: 'No creator', platform: 'youtube', thumbnail_url: null, creator_name: null, views: 5, created_at: '2026-11-02T00:00:00.000Z',
    });
    expect(answer.videos[0]?.[1].creator_name).toBe('Maya Stone');
    expect(answer.none).toEqual([]);
    expect(answer.products).toEqual([
      ['p1', { id: 'p1', name: 'Glow Serum', pictures: '["https://img.example/p1.jpg"]' }],
      ['p5', { id: 'p5', name: 'Dew Drops', pictures: '["https://img.example/p5.jpg"]' }],
    ]);
    expect(answer.creators.map(([, row]) => row.name)).toEqual(['Maya Stone', 'Aki Sato']);
  });

  it('the transcript lines a word cloud reads, in any script, of the videos asked for only', async () => {
    const answer = await sameOnBoth(both.engines(), async ({ sql }) => {
      const lines = await createHomeRows(sql).transcriptLines(['v1', 'v7', 'v2']);
      return lines.map((line) => `${line.video_id}: ${line.content}`).sort();
    });
    expect(answer).toEqual(['v1: Not sticky at all', 'v1: The serum feels light', 'v7: このセラムは軽い']);
  });

  it('a brand\'s name and competitors (in id order), empty for a brand that is gone', async () => {
    const answer = await sameOnBoth(both.engines(), async ({ sql }) => {
      const rows = createHomeRows(sql);
      return { names: [await rows.brandName('b1'), await rows.brandName('b3'), await rows.brandName('gone')], of: [await rows.competitorsOf('b1'), await rows.competitorsOf('b2')] };
    });
    expect(answer).toEqual({ names: ['Glow', 'Aurora', ''], of: [['b2', 'b3'], []] });
  });
});
