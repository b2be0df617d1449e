import type Database from 'better-sqlite3';
import { MEDIA_URL_PREFIX } from '../../shared/domain/workspace';
import type { SeededBrand } from './accounts';
import { plusSeconds, type SeedClock } from './clock';
import type { Prng } from './prng';

/** A product row the video seeder links to and talks about. */
export interface SeededProduct {
  id: string;
  name: string;
  category: string;
  price: number;
}

export const PRODUCT_PICTURE_COUNT = 12;

/** Public URL of one of the bundled product pictures (1-based). */
export function productPictureUrl(index: number): string {
  return `${MEDIA_URL_PREFIX}/products/product-${String(index).padStart(2, '0')}.jpg`;
}

/** Inserts every brand's catalogue and the category list; returns the products per brand id. */
export function seedProducts(db: Database.Database, rng: Prng, brands: readonly SeededBrand[], clock: SeedClock): Map<string, SeededProduct[]> {
  const insertCategory = db.prepare('INSERT INTO product_categories (id, name) VALUES (?, ?)');
  const insertProduct = db.prepare(
    `INSERT INTO products (id, brand_id, name, category, description, price, pictures, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byBrand = new Map<string, SeededProduct[]>();
  const categories = [...new Set(brands.flatMap((brand) => brand.catalog.products.map((product) => product.category)))].sort();

  db.transaction(() => {
    for (const name of categories) insertCategory.run(rng.hexId(), name);
    for (const brand of brands) {
      const list: SeededProduct[] = [];
      for (const product of brand.catalog.products) {
        const id = rng.hexId();
        const first = rng.int(1, PRODUCT_PICTURE_COUNT);
        const pictures = Array.from({ length: rng.int(1, 3) }, (_, i) => productPictureUrl(((first - 1 + i) % PRODUCT_PICTURE_COUNT) + 1));
        const createdAt = clock.daysAgo(rng.int(200, 650));
        insertProduct.run(id, brand.id, product.name, product.category, product.description, product.price, JSON.stringify(pictures), createdAt, plusSeconds(createdAt, rng.int(0, 90) * 86400));
        list.push({ id, name: product.name, category: product.category, price: product.price });
      }
      byBrand.set(brand.id, list);
    }
  })();
  return byBrand;
}
