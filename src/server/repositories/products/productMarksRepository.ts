import { inList, type SqlClient } from '../../db/sqlClient';
import { favoriteWrites } from '../videos/personalFavorites';
import type { BrandScope } from '../videos/videoScope';

/** The brand's mark; a favorite is one person's (`favorite` / `unfavorite`). */
type Mark = 'trash';
const FAVORITES = favoriteWrites('product');

/** Personal favorites and per-brand trash of products, restore and permanent delete (spec §4 product transitions), on either engine. */
export function createProductMarksRepository(sql: SqlClient) {
  /** Runs `change` on each id in one transaction; answers the ids it changed. */
  const each = (ids: readonly string[], change: (tx: SqlClient, id: string) => Promise<number>): Promise<string[]> =>
    sql.transaction(async (tx) => {
      const changed: string[] = [];
      for (const id of ids) if ((await change(tx, id)) > 0) changed.push(id);
      return changed;
    });
  const changes = async (result: Promise<{ changes: number }>): Promise<number> => (await result).changes;

  return {
    /** Owner brand of each id the acting brand can see, in the order asked (either engine); ids it cannot see are missing. */
    async ownersOf(scope: BrandScope, ids: readonly string[]): Promise<Map<string, string>> {
      const allowed = new Set([scope.brandId, ...scope.competitorIds]);
      const unique = [...new Set(ids)];
      const list = inList(sql, 'p.id', unique);
      const rows = await sql.all<{ id: string; brand_id: string }>(
        `SELECT p.id, p.brand_id FROM products p WHERE ${list.sql} AND NOT EXISTS (SELECT 1 FROM product_removals r WHERE r.brand_id = ? AND r.product_id = p.id)`,
        [list.param, scope.brandId],
      );
      const owners = new Map(rows.filter((row) => allowed.has(row.brand_id)).map((row) => [row.id, row.brand_id]));
      return new Map(unique.flatMap((id) => {
        const owner = owners.get(id);
        return owner === undefined ? [] : [[id, owner] as const];
      }));
    },
    /** Sets the mark; returns the ids newly marked. */
    mark: (mark: Mark, brandId: string, userId: string, ids: readonly string[], at: string): Promise<string[]> => each(ids, (tx, id) => changes(tx.run(
      "INSERT INTO marks (mark, kind, target_id, brand_id, user_id, reason, created_at) VALUES (?, 'product', ?, ?, ?, NULL, ?) ON CONFLICT DO NOTHING",
      [mark, id, brandId, userId, at],
    ))),
    /** Adds the products to the person's own favorites; returns the ids newly added. */
    favorite: (brandId: string, userId: string, ids: readonly string[], at: string): Promise<string[]> =>
      each(ids, (tx, id) => changes(FAVORITES.add(tx, brandId, userId, id, at))),
    /** Takes the products out of the person's own favorites (a teammate's stay); returns the ids that were there. */
    unfavorite: (brandId: string, userId: string, ids: readonly string[]): Promise<string[]> =>
      each(ids, (tx, id) => changes(FAVORITES.remove(tx, brandId, userId, id))),
    /** Clears the mark; returns the ids that had it. */
    unmark: (mark: Mark, brandId: string, ids: readonly string[]): Promise<string[]> =>
      each(ids, (tx, id) => changes(tx.run("DELETE FROM marks WHERE mark = ? AND kind = 'product' AND brand_id = ? AND target_id = ?", [mark, brandId, id]))),
    /**
     * Permanent delete of trashed products: own products go for good (with every brand's marks and notes on them; their
     * video links cascade), competitor products leave this brand's view only. Untrashed ids are skipped.
     */
    deleteTrashed(brandId: string, owned: ReadonlyMap<string, string>, at: string): Promise<string[]> {
      return each([...owned.keys()], async (tx, id) => {
        const trashed = await tx.get("SELECT 1 AS trashed FROM marks WHERE mark = 'trash' AND kind = 'product' AND brand_id = ? AND target_id = ?", [brandId, id]);
        if (trashed === undefined) return 0;
        if (owned.get(id) === brandId) {
          await tx.run("DELETE FROM marks WHERE kind = 'product' AND target_id = ?", [id]);
          await FAVORITES.dropTarget(tx, id, null);
          await tx.run("DELETE FROM notes WHERE kind = 'product' AND target_id = ?", [id]);
          return changes(tx.run('DELETE FROM products WHERE id = ? AND brand_id = ?', [id, brandId]));
        }
        await tx.run("DELETE FROM marks WHERE kind = 'product' AND brand_id = ? AND target_id = ?", [brandId, id]);
        await FAVORITES.dropTarget(tx, id, brandId);
        return changes(tx.run('INSERT INTO product_removals (brand_id, product_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [brandId, id, at]));
      });
    },
  };
}
export type ProductMarksRepository = ReturnType<typeof createProductMarksRepository>;
