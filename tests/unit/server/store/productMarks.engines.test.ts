import { describe, expect, it } from 'vitest';
import { createProductMarksRepository } from '../../../../src/server/repositories/products/productMarksRepository';
import { useBothEngines } from './support/bothEngines';
import { B1_SCOPE, CATALOG_ROWS, sameOnBoth } from './support/catalogRows';

const both = useBothEngines(CATALOG_ROWS);

describe('the product marks repository answers alike on SQLite and PostgreSQL', () => {
  it('owners of visible ids; marks and unmarks answer what changed; permanent delete of own and competitor products', async () => {
    const answer = await sameOnBoth(both.engines(), async ({ sql }) => {
      const marks = createProductMarksRepository(sql);
      const at = '2026-11-26T00:00:00.000Z';
      const owners = [...(await marks.ownersOf(B1_SCOPE, ['p1', 'p5', 'p7', 'p1', 'missing'])).entries()];
      const favorited = await marks.favorite('b1', 'u1', ['p1', 'p2', 'p5'], at);
      const unfavorited = await marks.unfavorite('b1', 'u1', ['p2', 'p3']);
      const trashed = await marks.mark('trash', 'b1', 'u1', ['p1', 'p4'], at);
      // p1 and p4 are b1's own (p4 was trashed before), p6 is b2's (trashed before), p2 is not trashed.
      const deleted = await marks.deleteTrashed('b1', await marks.ownersOf(B1_SCOPE, ['p1', 'p4', 'p6', 'p2']), at);
      const left = await sql.all<{ id: string }>('SELECT id FROM products ORDER BY id');
      const marksLeft = await sql.all<{ mark: string; target_id: string }>("SELECT mark, target_id FROM marks WHERE kind = 'product' ORDER BY mark, target_id");
      const favoritesLeft = await sql.all<{ user_id: string; target_id: string }>("SELECT user_id, target_id FROM favorites WHERE kind = 'product' ORDER BY target_id");
      const notesLeft = await sql.all<{ target_id: string }>("SELECT target_id FROM notes WHERE kind = 'product' ORDER BY target_id");
      const afterRemoval = [...(await marks.ownersOf(B1_SCOPE, ['p5', 'p6'])).keys()];
      const b2Still = [...(await marks.ownersOf({ brandId: 'b2', competitorIds: [] }, ['p6'])).keys()];
      return { owners, favorited, unfavorited, trashed, deleted, left: left.map((row) => row.id), marksLeft, favoritesLeft, notesLeft: notesLeft.map((row) => row.target_id), afterRemoval, b2Still };
    });
    expect(answer.owners).toEqual([['p1', 'b1'], ['p5', 'b2'], ['p7', 'b3']]);
    expect(answer.favorited).toEqual(['p1']);
    expect(answer.unfavorited).toEqual(['p2']);
    expect(answer.trashed).toEqual(['p1']);
    expect(answer.deleted).toEqual(['p1', 'p4', 'p6']);
    expect(answer.left).toEqual(['p2', 'p3', 'p5', 'p6', 'p7']);
    expect(answer.marksLeft).toEqual([]);
    expect(answer.favoritesLeft).toEqual([{ user_id: 'u1', target_id: 'p5' }]);
    expect(answer.notesLeft).toEqual(['p5']);
    expect(answer.afterRemoval).toEqual(['p5']);
    expect(answer.b2Still).toEqual(['p6']);
  });
});
