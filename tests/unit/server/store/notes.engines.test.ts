import { describe, expect, it } from 'vitest';
import { createNotesRepository } from '../../../../src/server/repositories/notesRepository';
import { useBothEngines } from './support/bothEngines';
import { CATALOG_ROWS, sameOnBoth } from './support/catalogRows';

const both = useBothEngines(CATALOG_ROWS);

describe('the notes repository answers alike on SQLite and PostgreSQL', () => {
  it('one note per kind, target and brand: saved, replaced in any script, kept apart by kind, deleted when blank', async () => {
    const answer = await sameOnBoth(both.engines(), async ({ sql }) => {
      const videoNotes = createNotesRepository(sql, 'video');
      const productNotes = createNotesRepository(sql, 'product');
      const creatorNotes = createNotesRepository(sql, 'influencer');
      await videoNotes.save('v1', 'b1', 'u1', 'first', '2026-11-26T00:00:00.000Z');
      await videoNotes.save('v1', 'b1', 'u1', 'مرحبا — 日本 ✓', '2026-11-26T00:01:00.000Z');
      await productNotes.save('p1', 'b1', 'u1', '   ', '2026-11-26T00:02:00.000Z');
      const count = await sql.get<{ count: number }>("SELECT COUNT(*) AS count FROM notes WHERE kind = 'video' AND target_id = 'v1'");
      return {
        video: await videoNotes.note('v1', 'b1'),
        otherBrand: await videoNotes.note('v1', 'b2'),
        sameIdOtherKind: await productNotes.note('v1', 'b1'),
        deletedByBlank: await productNotes.note('p1', 'b1'),
        creator: await creatorNotes.note('c1', 'b1'),
        count: count?.count,
      };
    });
    expect(answer).toEqual({
      video: { content: 'مرحبا — 日本 ✓', updated_at: '2026-11-26T00:01:00.000Z', updated_by: { _id: 'u1', name: 'Ana Lee' } },
      otherBrand: null,
      sameIdOtherKind: null,
      deletedByBlank: null,
      creator: { content: 'Ask about the spring brief', updated_at: '2026-11-04T00:00:00.000Z', updated_by: { _id: 'u1', name: 'Ana Lee' } },
      count: 1,
    });
  });
});
