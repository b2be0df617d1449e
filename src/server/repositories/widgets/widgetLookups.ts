import type Database from 'better-sqlite3';

/** A brand product as stored, as widget tags and the shop inventory read it. */
export type ProductRow = { id: string; name: string; price: number; pictures: string };

/** The brand-scoped look-ups a widget's fields are checked against: another brand's video, product or widget is not found. */
export function createWidgetLookups(db: Database.Database) {
  const videoOf = db.prepare('SELECT id, title, media_file FROM videos WHERE id = ? AND brand_id = ?');
  const productOf = db.prepare('SELECT id, name, price, pictures FROM products WHERE id = ? AND brand_id = ?');
  const widgetOf = db.prepare('SELECT id FROM widgets WHERE id = ? AND brand_id = ?').pluck();
  return {
    video: (id: string, brandId: string): { id: string; title: string; media_file: string | null } | null =>
      (videoOf.get(id, brandId) as { id: string; title: string; media_file: string | null } | undefined) ?? null,
    product: (id: string, brandId: string): ProductRow | null => (productOf.get(id, brandId) as ProductRow | undefined) ?? null,
    widgetExists: (id: string, brandId: string): boolean => widgetOf.get(id, brandId) !== undefined,
  };
}
export type WidgetLookups = ReturnType<typeof createWidgetLookups>;
