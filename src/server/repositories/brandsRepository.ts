import type Database from 'better-sqlite3';

/** A brands row: an own brand (competitorOf null) or a competitor tracked for another brand. */
export interface BrandRecord {
  id: string;
  name: string;
  picture: string | null;
  competitorOf: string | null;
}

interface BrandRow {
  id: string;
  name: string;
  picture: string | null;
  competitor_of: string | null;
}

const toRecord = (row: BrandRow): BrandRecord => ({ id: row.id, name: row.name, picture: row.picture, competitorOf: row.competitor_of });

/** Brands and memberships (prepared statements only). */
export function createBrandsRepository(db: Database.Database) {
  const own = db.prepare<[string], BrandRow>(
    `SELECT b.id, b.name, b.picture, b.competitor_of FROM brands b
     JOIN brand_members m ON m.brand_id = b.id WHERE m.user_id = ? ORDER BY b.created_at, b.name`,
  );
  const competitors = db.prepare<[string], BrandRow>('SELECT id, name, picture, competitor_of FROM brands WHERE competitor_of = ? ORDER BY name');
  const readable = db.prepare<[string, string], { id: string }>(
    `SELECT m.brand_id AS id FROM brand_members m WHERE m.user_id = ?
     UNION SELECT c.id FROM brands c JOIN brand_members m ON m.brand_id = c.competitor_of WHERE m.user_id = ?`,
  );
  const byId = db.prepare<[string], BrandRow>('SELECT id, name, picture, competitor_of FROM brands WHERE id = ?');
  const insertBrand = db.prepare('INSERT INTO brands (id, name, picture, competitor_of, created_at) VALUES (?, ?, ?, ?, ?)');
  const insertMember = db.prepare('INSERT INTO brand_members (user_id, brand_id) VALUES (?, ?)');

  return {
    /** The user's own brands, oldest first (the first is the default current brand). */
    ownBrands: (userId: string): BrandRecord[] => own.all(userId).map(toRecord),
    competitorsOf: (brandId: string): BrandRecord[] => competitors.all(brandId).map(toRecord),
    /** Ids of own brands and their competitors. */
    readableBrandIds: (userId: string): string[] => readable.all(userId, userId).map((row) => row.id),
    findById(id: string): BrandRecord | null {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    /** Creates a brand owned by the user. */
    createOwned(userId: string, brand: { id: string; name: string; createdAt: string }): void {
      insertBrand.run(brand.id, brand.name, null, null, brand.createdAt);
      insertMember.run(userId, brand.id);
    },
    /** Creates a competitor brand tracked for `ofBrandId`. */
    createCompetitor(ofBrandId: string, brand: { id: string; name: string; createdAt: string }): void {
      insertBrand.run(brand.id, brand.name, null, ofBrandId, brand.createdAt);
    },
  };
}
export type BrandsRepository = ReturnType<typeof createBrandsRepository>;
