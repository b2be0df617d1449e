import type Database from 'better-sqlite3';
import type { BrandScope } from '../videos/videoScope';

type Mark = 'favorite' | 'trash';

/** Per-brand favorites and trash of products, restore and permanent delete (spec §4 product transitions). */
export function createProductMarksRepository(db: Database.Database) {
  const add = db.prepare("INSERT OR IGNORE INTO marks (mark, kind, target_id, brand_id, user_id, reason, created_at) VALUES (?, 'product', ?, ?, ?, NULL, ?)");
  const remove = db.prepare("DELETE FROM marks WHERE mark = ? AND kind = 'product' AND brand_id = ? AND target_id = ?");
  const isTrashed = db.prepare("SELECT 1 FROM marks WHERE mark = 'trash' AND kind = 'product' AND brand_id = ? AND target_id = ?").pluck();
  const owners = db.prepare('SELECT id, brand_id FROM products WHERE id IN (SELECT value FROM json_each(?))');
  const removed = db.prepare('SELECT 1 FROM product_removals WHERE brand_id = ? AND product_id = ?').pluck();
  const deleteProduct = db.prepare('DELETE FROM products WHERE id = ? AND brand_id = ?');
  const deleteMarksOf = db.prepare("DELETE FROM marks WHERE kind = 'product' AND target_id = ?");
  const deleteNotesOf = db.prepare("DELETE FROM notes WHERE kind = 'product' AND target_id = ?");
  const deleteBrandMarks = db.prepare("DELETE FROM marks WHERE kind = 'product' AND brand_id = ? AND target_id = ?");
  const hide = db.prepare('INSERT OR IGNORE INTO product_removals (brand_id, product_id, created_at) VALUES (?, ?, ?)');

  const each = (ids: readonly string[], run: (id: string) => number): string[] => db.transaction(() => ids.filter((id) => run(id) > 0))();

  return {
    /** Owner brand of each id the acting brand can see; ids it cannot see are missing. */
    ownersOf(scope: BrandScope, ids: readonly string[]): Map<string, string> {
      const allowed = new Set([scope.brandId, ...scope.competitorIds]);
      const rows = owners.all(JSON.stringify([...new Set(ids)])) as { id: string; brand_id: string }[];
      return new Map(rows.filter((row) => allowed.has(row.brand_id) && removed.get(scope.brandId, row.id) === undefined).map((row) => [row.id, row.brand_id]));
    },
    /** Sets the mark; returns the ids newly marked. */
    mark: (mark: Mark, brandId: string, userId: string, ids: readonly string[], at: string): string[] => each(ids, (id) => add.run(mark, id, brandId, userId, at).changes),
    /** Clears the mark; returns the ids that had it. */
    unmark: (mark: Mark, brandId: string, ids: readonly string[]): string[] => each(ids, (id) => remove.run(mark, brandId, id).changes),
    /**
     * Permanent delete of trashed products: own products go for good (with every brand's marks and notes on them; their
     * video links cascade), competitor products leave this brand's view only. Untrashed ids are skipped.
     */
    deleteTrashed(brandId: string, owned: ReadonlyMap<string, string>, at: string): string[] {
      return each([...owned.keys()], (id) => {
        if (isTrashed.get(brandId, id) === undefined) return 0;
        if (owned.get(id) === brandId) {
          deleteMarksOf.run(id);
          deleteNotesOf.run(id);
          return deleteProduct.run(id, brandId).changes;
        }
        deleteBrandMarks.run(brandId, id);
        return hide.run(brandId, id, at).changes;
      });
    },
  };
}
export type ProductMarksRepository = ReturnType<typeof createProductMarksRepository>;
