import type { SqlClient } from '../../db/sqlClient';

/** A brand product as stored, as widget tags and the shop inventory read it. */
export type ProductRow = { id: string; name: string; price: number; pictures: string };

/** The brand-scoped look-ups a widget's fields are checked against: another brand's video, product or widget is not found. */
export function createWidgetLookups(sql: SqlClient) {
  return {
    video: async (id: string, brandId: string): Promise<{ id: string; title: string; media_file: string | null } | null> =>
      (await sql.get<{ id: string; title: string; media_file: string | null }>('SELECT id, title, media_file FROM videos WHERE id = ? AND brand_id = ?', [id, brandId])) ?? null,
    product: async (id: string, brandId: string): Promise<ProductRow | null> =>
      (await sql.get<ProductRow>('SELECT id, name, price, pictures FROM products WHERE id = ? AND brand_id = ?', [id, brandId])) ?? null,
    widgetExists: async (id: string, brandId: string): Promise<boolean> =>
      (await sql.get<{ id: string }>('SELECT id FROM widgets WHERE id = ? AND brand_id = ?', [id, brandId])) !== undefined,
  };
}
export type WidgetLookups = ReturnType<typeof createWidgetLookups>;
