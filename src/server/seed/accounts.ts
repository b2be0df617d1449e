import type Database from 'better-sqlite3';
import { ROLE_BRAND_MANAGER, ROLE_VIP_INFLUENCER } from '../../shared/constants';
import { DEMO_ACCOUNTS, DEMO_BRANDS } from '../../shared/demoAccounts';
import { hashPassword } from '../auth/passwords';
import { COMPETITOR_CATALOG, OWN_CATALOG, type CatalogBrand } from './catalog';
import { type SeedClock } from './clock';
import type { Prng } from './prng';

/** A seeded brand and the catalogue it was built from. */
export interface SeededBrand {
  id: string;
  name: string;
  catalog: CatalogBrand;
  /** The own brand this one competes with; null for own brands. */
  competitorOf: string | null;
}

/** The accounts and brands every later seeding step hangs off. */
export interface SeededAccounts {
  managerId: string;
  vipId: string;
  pendingId: string;
  ownBrands: SeededBrand[];
  competitorBrands: SeededBrand[];
}

/** Inserts the three demo users, the two own brands with three competitors each, and the pending user's brand. */
export async function seedAccounts(db: Database.Database, rng: Prng, clock: SeedClock): Promise<SeededAccounts> {
  const insertUser = db.prepare(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, roles, registration_completed, picture, created_at)
     VALUES (@id, @email, @password_hash, @first_name, @last_name, @roles, @registration_completed, NULL, @created_at)`,
  );
  const insertBrand = db.prepare('INSERT INTO brands (id, name, picture, competitor_of, created_at) VALUES (?, ?, NULL, ?, ?)');
  const insertMember = db.prepare('INSERT INTO brand_members (user_id, brand_id) VALUES (?, ?)');

  const managerId = rng.hexId();
  const vipId = rng.hexId();
  const pendingId = rng.hexId();
  const users = [
    { id: managerId, account: DEMO_ACCOUNTS.brandManager, roles: [ROLE_BRAND_MANAGER], completed: 1, age: 720 },
    { id: vipId, account: DEMO_ACCOUNTS.vipInfluencer, roles: [ROLE_VIP_INFLUENCER], completed: 1, age: 400 },
    { id: pendingId, account: DEMO_ACCOUNTS.pendingRegistration, roles: [ROLE_BRAND_MANAGER], completed: 0, age: 3 },
  ];
  // Hash first (async), then write everything in one transaction.
  const hashes = await Promise.all(users.map((user) => hashPassword(user.account.password)));

  const ownBrands: SeededBrand[] = [];
  const competitorBrands: SeededBrand[] = [];
  for (const name of DEMO_BRANDS) {
    const catalog = OWN_CATALOG[name];
    if (!catalog) throw new Error(`No catalogue for demo brand ${name}`);
    const own: SeededBrand = { id: rng.hexId(), name, catalog, competitorOf: null };
    ownBrands.push(own);
    for (const rival of COMPETITOR_CATALOG[name] ?? []) competitorBrands.push({ id: rng.hexId(), name: rival.name, catalog: rival, competitorOf: own.id });
  }
  const pendingBrandId = rng.hexId();

  db.transaction(() => {
    users.forEach((user, i) => {
      insertUser.run({
        id: user.id,
        email: user.account.email,
        password_hash: hashes[i],
        first_name: user.account.firstName,
        last_name: user.account.lastName,
        roles: JSON.stringify(user.roles),
        registration_completed: user.completed,
        created_at: clock.daysAgo(user.age),
      });
    });
    for (const brand of ownBrands) {
      insertBrand.run(brand.id, brand.name, null, clock.daysAgo(700));
      insertMember.run(managerId, brand.id);
    }
    for (const brand of competitorBrands) insertBrand.run(brand.id, brand.name, brand.competitorOf, clock.daysAgo(690));
    insertBrand.run(pendingBrandId, 'Harbor Coffee Roasters', null, clock.daysAgo(3));
    insertMember.run(pendingId, pendingBrandId);
  })();

  return { managerId, vipId, pendingId, ownBrands, competitorBrands };
}
