import { describe, expect, it } from 'vitest';
import { createBrandsRepository } from '../../../../src/server/repositories/brandsRepository';
import { createBearerAccess } from '../../../../src/server/repositories/team/bearerAccess';
import { useBothEngines } from './support/bothEngines';

const both = useBothEngines();

describe('the brands repository answers alike on SQLite and PostgreSQL', () => {
  it("lists a user's own brands oldest first, their competitors by name and every brand they may read", async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      const brands = createBrandsRepository(sql);
      await brands.createOwned('u1', { id: 'b3', name: 'Aura', createdAt: '2026-11-05T00:00:00.000Z' });
      await brands.createCompetitor('b1', { id: 'b4', name: 'Bloom', createdAt: '2026-11-05T00:00:00.000Z' });
      await brands.createCompetitor('b3', { id: 'b5', name: 'Zest', createdAt: '2026-11-05T00:00:00.000Z' });
      const own = await brands.ownBrands('u1');
      expect(own.map((brand) => brand.name), name).toEqual(['Glow', 'Aura']);
      expect((await brands.competitorsOf('b1')).map((brand) => brand.name), name).toEqual(['Bloom', 'Dewbloom']);
      const readable = (await brands.readableBrandIds('u1')).sort();
      expect(readable, name).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
      expect(await brands.findById('b2'), name).toEqual({ id: 'b2', name: 'Dewbloom', picture: null, competitorOf: 'b1' });
      expect(await brands.findById('gone'), name).toBeNull();
      expect(await brands.ownBrands('nobody'), name).toEqual([]);
      // The bearer's access in one read: the user, the same own brands with their roles, readable brands, competitors
      // (in id order) per own brand, and every readable brand's name.
      const bearer = createBearerAccess(sql);
      const access = await bearer('u1');
      expect(access.user?.email, name).toBe('ana@example.com');
      expect(access.memberships, name).toEqual(own.map((brand) => ({ brandId: brand.id, role: 'manager' })));
      expect([...access.readable].sort(), name).toEqual(readable);
      expect([...access.competitors], name).toEqual([['b1', ['b2', 'b4']], ['b3', ['b5']]]);
      expect(Object.fromEntries(access.names), name).toEqual({ b1: 'Glow', b2: 'Dewbloom', b3: 'Aura', b4: 'Bloom', b5: 'Zest' });
      expect(await bearer('nobody'), name).toEqual({ user: null, memberships: [], readable: [], competitors: new Map(), names: new Map(), sessionEnded: false });
      answers.push({ own, readable, access, competitors: await brands.competitorsOf('b3') });
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  it('creates an owned brand whole or not at all: a membership that cannot be written takes the brand back', async () => {
    for (const { name, sql } of both.engines()) {
      const brands = createBrandsRepository(sql);
      // No such user: the brand_members row fails its foreign key after the brand row was written.
      await expect(brands.createOwned('nobody', { id: 'b9', name: 'Orphan', createdAt: '2026-11-05T00:00:00.000Z' }), name).rejects.toThrow();
      expect(await brands.findById('b9'), name).toBeNull();
    }
  });
});
