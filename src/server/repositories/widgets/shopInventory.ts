import type { SqlClient, SqlParam } from '../../db/sqlClient';
import type { ProductRow } from './widgetLookups';

/** One page of the brand's products for the shop inventory, searched by name. */
export function createShopInventory(sql: SqlClient) {
  // instr on SQLite is strpos on PostgreSQL; lower() folds ASCII alike on both (PostgreSQL runs with ctype C).
  const contains = sql.engine === 'postgres' ? 'strpos(lower(name), lower(?)) > 0' : 'instr(lower(name), lower(?)) > 0';
  return {
    /** Up to `limit` products after the cursor (name, id), in name order. */
    page(brandId: string, search: string, after: { name: string; id: string } | null, limit: number): Promise<ProductRow[]> {
      // Keyset paging on (name, id): a page never repeats or skips a product when others are added meanwhile.
      const where = ['brand_id = ?'];
      const params: SqlParam[] = [brandId];
      if (search !== '') {
        where.push(contains);
        params.push(search);
      }
      if (after) {
        where.push('(name, id) > (?, ?)');
        params.push(after.name, after.id);
      }
      return sql.all<ProductRow>(`SELECT id, name, price, pictures FROM products WHERE ${where.join(' AND ')} ORDER BY name, id LIMIT ?`, [...params, limit]);
    },
  };
}
