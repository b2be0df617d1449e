import { describe, expect, it } from 'vitest';
import { createVideoMarksRepository } from '../../../../src/server/repositories/videos/videoMarksRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike } from './support/brandVideoRows';
import { B1, VIDEO_WRITE_ROWS } from './support/videoWriteRows';

const both = useBothEngines(VIDEO_WRITE_ROWS);
const at = '2026-11-26T12:00:00.000Z';

describe('the video marks repository answers alike on SQLite and PostgreSQL', () => {
  it('owners of visible ids; marks, unmarks and publish count what changed; permanent delete of own and competitor videos', async () => {
    const answer = await answersAlike(both.engines(), async (sql) => {
      const marks = createVideoMarksRepository(sql);
      const owners = [...(await marks.ownersOf(B1, ['v1', 'v5', 'v6', 'missing', 'v1'])).entries()];
      const favorited = await marks.favorite('b1', 'u1', ['v1', 'v2'], at);
      const favoritedAgain = await marks.favorite('b1', 'u1', ['v1'], at);
      const unfavorited = await marks.unfavorite('b1', 'u1', ['v2', 'v3']);
      const trashed = await marks.mark('trash', 'b1', 'u1', ['v1', 'v5'], at);
      // v1 (own, with a note) and v4 (own, trashed before) go; v5 (b2's) leaves b1's view; v2 is not trashed.
      const deleted = await marks.deleteTrashed('b1', await marks.ownersOf(B1, ['v1', 'v4', 'v5', 'v2']), at);
      const unpublished = await marks.setPublished('b1', ['v2', 'v3', 'v5'], false, at);
      const unpublishedAgain = await marks.setPublished('b1', ['v2', 'v3'], false, at);
      return {
        owners, favorited, favoritedAgain, unfavorited, trashed, deleted, unpublished, unpublishedAgain,
        left: (await sql.all<{ id: string }>('SELECT id FROM videos ORDER BY id')).map((row) => row.id),
        marksLeft: await sql.all<{ mark: string; target_id: string }>("SELECT mark, target_id FROM marks WHERE kind = 'video' ORDER BY mark, target_id"),
        notesLeft: (await sql.all<{ target_id: string }>("SELECT target_id FROM notes WHERE kind = 'video'")).map((row) => row.target_id),
        visibleAfter: [...(await marks.ownersOf(B1, ['v2', 'v5'])).keys()],
        b2Still: [...(await marks.ownersOf({ brandId: 'b2', competitorIds: [] }, ['v5'])).keys()],
        published: await sql.all<{ id: string; published: number }>("SELECT id, published FROM videos WHERE brand_id = 'b1' ORDER BY id"),
      };
    });
    expect(answer.owners).toEqual([['v1', 'b1'], ['v5', 'b2']]);
    expect([answer.favorited, answer.favoritedAgain, answer.unfavorited, answer.trashed]).toEqual([1, 0, 1, 2]);
    expect(answer.deleted).toBe(3);
    expect([answer.unpublished, answer.unpublishedAgain]).toEqual([2, 0]);
    expect(answer.left).toEqual(['v2', 'v3', 'v5', 'v6']);
    expect(answer.marksLeft).toEqual([{ mark: 'flag', target_id: 'v2' }]);
    expect(answer.notesLeft).toEqual([]);
    expect(answer.visibleAfter).toEqual(['v2']);
    expect(answer.b2Still).toEqual(['v5']);
    expect(answer.published).toEqual([{ id: 'v2', published: 0 }, { id: 'v3', published: 0 }]);
  });
});
