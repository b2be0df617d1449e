import { describe, expect, it } from 'vitest';
import { createVideoDetailRepository } from '../../../../src/server/repositories/videos/videoDetailRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike } from './support/brandVideoRows';
import { B1, VIDEO_WRITE_ROWS } from './support/videoWriteRows';

const both = useBothEngines(VIDEO_WRITE_ROWS);
// The transcript lines have a both-engines test of their own (transcriptSearch.engines.test.ts); these reads do not touch them.
const noTranscripts = { lines: async () => ({ total: 0, lines: [] }), all: async () => [] };

describe('the video detail repository answers alike on SQLite and PostgreSQL', () => {
  it('the row with the acting brand\'s marks as 0/1, visibility, products, people and associations (derived and stored)', async () => {
    const answer = await answersAlike(both.engines(), async (sql) => {
      const detail = createVideoDetailRepository(sql, noTranscripts);
      const v2 = await detail.find(B1, 'v2');
      const pick = (row: Awaited<ReturnType<typeof detail.find>>) => row && {
        id: row.id, brand_name: row.brand_name, creator_name: row.creator_name, is_favorite: row.is_favorite, is_flagged: row.is_flagged,
        is_trashed: row.is_trashed, has_note: row.has_note, flag_reason: row.flag_reason, published: row.published,
      };
      return {
        v2: pick(v2), v1: pick(await detail.find(B1, 'v1')), v4: pick(await detail.find(B1, 'v4')),
        competitor: (await detail.find(B1, 'v5'))?.id ?? null,
        removed: await detail.find(B1, 'v6'),
        notWatched: await detail.find({ brandId: 'b2', competitorIds: [] }, 'v1'),
        productIds: await detail.productIds('v2'),
        products: await detail.products('v2'),
        people: (await detail.people('v2')).map(({ name, role, appears_at }) => ({ name, role, appears_at })),
        ofV1: await detail.associations(B1, 'v1'),
        ofV2: (await detail.associations(B1, 'v2')).map(({ video_id, kind, score }) => ({ video_id, kind, score })),
      };
    });
    expect(answer.v2).toMatchObject({ brand_name: 'Glow', creator_name: 'Glow Studio', is_favorite: 1, is_flagged: 1, is_trashed: 0, has_note: 0, flag_reason: 'Spam' });
    expect(answer.v1).toMatchObject({ creator_name: 'Maya', is_favorite: 0, is_flagged: 0, has_note: 1, flag_reason: null });
    expect(answer.v4).toMatchObject({ is_trashed: 1 });
    expect([answer.competitor, answer.removed, answer.notWatched]).toEqual(['v5', null, null]);
    expect(answer.productIds).toEqual(['p1', 'p2']);
    expect(answer.products.map((p) => [p.name, p.price])).toEqual([['Cream', 12.5], ['Serum', 20]]);
    expect(answer.people).toEqual([{ name: 'Lee', role: 'guest', appears_at: 0.25 }, { name: 'Maya', role: 'host', appears_at: 1.5 }]);
    expect(answer.ofV1.map(({ video_id, kind, score }) => [video_id, kind, score])).toEqual([
      ['v4', 'same_creator_and_product', 0.95], ['v5', 'competitor_mention', 0.7], ['v2', 'same_product', 0.6], ['v3', 'same_product', 0.6],
    ]);
    // v4 shares both of v2's products; the stored same-product link to v3 is superseded by the derived one.
    expect(answer.ofV2).toEqual([
      { video_id: 'v4', kind: 'same_product', score: 0.7 }, { video_id: 'v1', kind: 'same_product', score: 0.6 }, { video_id: 'v3', kind: 'same_product', score: 0.6 },
    ]);
  });
});
