import type { SqlClient } from '../db/sqlClient';

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

const COLUMNS = 'id, name, picture, competitor_of';

/** Brands and memberships; the same texts on both engines. */
export function createBrandsRepository(sql: SqlClient) {
  const insertBrand = 'INSERT INTO brands (id, name, picture, competitor_of, created_at) VALUES (?, ?, ?, ?, ?)';
  return {
    /** The user's own brands, oldest first (the first is the default current brand). */
    async ownBrands(userId: string): Promise<BrandRecord[]> {
      const rows = await sql.all<BrandRow>(
        `SELECT b.id, b.name, b.picture, b.competitor_of FROM brands b
         JOIN brand_members m ON m.brand_id = b.id WHERE m.user_id = ? ORDER BY b.created_at, b.name`,
        [userId],
      );
      return rows.map(toRecord);
    },
    async competitorsOf(brandId: string): Promise<BrandRecord[]> {
      return (await sql.all<BrandRow>(`SELECT ${COLUMNS} FROM brands WHERE competitor_of = ? ORDER BY name`, [brandId])).map(toRecord);
    },
    /** Ids of own brands and their competitors. */
    async readableBrandIds(userId: string): Promise<string[]> {
      const rows = await sql.all<{ id: string }>(
        `SELECT m.brand_id AS id FROM brand_members m WHERE m.user_id = ?
         UNION SELECT c.id FROM brands c JOIN brand_members m ON m.brand_id = c.competitor_of WHERE m.user_id = ?`,
        [userId, userId],
      );
      return rows.map((row) => row.id);
    },
    async findById(id: string): Promise<BrandRecord | null> {
      const row = await sql.get<BrandRow>(`SELECT ${COLUMNS} FROM brands WHERE id = ?`, [id]);
      return row ? toRecord(row) : null;
    },
    /** Creates a brand owned by the user: the brand and the membership together or neither (inside a caller's transaction, in it). */
    createOwned(userId: string, brand: { id: string; name: string; createdAt: string }): Promise<void> {
      return sql.transaction(async (tx) => {
        await tx.run(insertBrand, [brand.id, brand.name, null, null, brand.createdAt]);
        await tx.run('INSERT INTO brand_members (user_id, brand_id) VALUES (?, ?)', [userId, brand.id]);
      });
    },
    /** Creates a competitor brand tracked for `ofBrandId`. */
    async createCompetitor(ofBrandId: string, brand: { id: string; name: string; createdAt: string }): Promise<void> {
      await sql.run(insertBrand, [brand.id, brand.name, null, ofBrandId, brand.createdAt]);
    },
  };
}
export type BrandsRepository = ReturnType<typeof createBrandsRepository>;
