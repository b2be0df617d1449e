import { describe, expect, it } from 'vitest';
import { createBookmarksRepository } from '../../../../src/server/repositories/bookmarksRepository';
import { useBothEngines } from './support/bothEngines';

const both = useBothEngines();

describe('the bookmarks repository answers alike on SQLite and PostgreSQL', () => {
  it('toggles bookmarks on and off and lists them oldest first, as numbers', async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      const bookmarks = createBookmarksRepository(sql);
      expect(await bookmarks.toggle('u1', 5, '2026-11-01T00:00:02.000Z'), name).toBe(true);
      expect(await bookmarks.toggle('u1', 2, '2026-11-01T00:00:01.000Z'), name).toBe(true);
      expect(await bookmarks.toggle('u1', 9, '2026-11-01T00:00:03.000Z'), name).toBe(true);
      expect(await bookmarks.toggle('u1', 9, '2026-11-01T00:00:04.000Z'), name).toBe(false);
      const ids = await bookmarks.pageIds('u1');
      expect(ids, name).toEqual([2, 5]);
      expect(await bookmarks.pageIds('nobody'), name).toEqual([]);
      answers.push(ids);
    }
    expect(answers[1]).toEqual(answers[0]);
  });
});
