import type Database from 'better-sqlite3';
import type { ProductRow } from './widgetLookups';

/** One page of the brand's products for the shop inventory, searched by name. */
export function createShopInventory(db: Database.Database) {
  // Keyset paging on (name, id): a page never repeats or skips a product when others are added meanwhile.
  const page = db.prepare(`SELECT id, name, price, pictures FROM products
    WHERE brand_id = @brand AND (@search = '' OR instr(lower(name), lower(@search)) > 0) AND (@after_name IS NULL OR (name, id) > (@after_name, @after_id))
    ORDER BY name, id LIMIT @limit`);
  return {
    /** Up to `limit` products after the cursor (name, id), in name order. */
    page: (brandId: string, search: string, after: { name: string; id: string } | null, limit: number): ProductRow[] =>
      page.all({ brand: brandId, search, after_name: after?.name ?? null, after_id: after?.id ?? null, limit }) as ProductRow[],
  };
}
