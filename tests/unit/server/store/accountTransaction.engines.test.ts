import { describe, expect, it } from 'vitest';
import { createAccountRepositories, createAccountTransaction, isUniqueViolation } from '../../../../src/server/repositories/accountTransaction';
import { useBothEngines } from './support/bothEngines';

const both = useBothEngines();
const AT = '2026-11-10T00:00:00.000Z';
const manager = (id: string, email: string) =>
  ({ id, email, passwordHash: 'h', firstName: 'Maya', lastName: 'Ito', roles: ['brand_manager'], registrationCompleted: true, createdAt: AT });

describe('a change across the account repositories is kept whole or not at all, on SQLite and PostgreSQL', () => {
  it('a sign-up keeps the user, the brand and the membership together', async () => {
    for (const { name, sql } of both.engines()) {
      await createAccountTransaction(sql)(async (tx) => {
        await tx.users.create(manager('u2', 'maya@example.com'));
        await tx.brands.createOwned('u2', { id: 'b3', name: 'Aura', createdAt: AT });
        await tx.users.updateLastSignIn('u2', AT);
      });
      const accounts = createAccountRepositories(sql);
      expect((await accounts.brands.ownBrands('u2')).map((brand) => brand.name), name).toEqual(['Aura']);
      expect((await accounts.users.findById('u2'))?.lastSignInAt, name).toBe(AT);
    }
  });

  it('a sign-up that loses the address to another account leaves no brand behind', async () => {
    for (const { name, sql } of both.engines()) {
      const failure: unknown = await createAccountTransaction(sql)(async (tx) => {
        await tx.brands.createCompetitor('b1', { id: 'b7', name: 'Written first', createdAt: AT });
        await tx.users.create(manager('u2', 'ANA@example.com'));
      }).catch((caught: unknown) => caught);
      expect(isUniqueViolation(failure), name).toBe(true);
      const accounts = createAccountRepositories(sql);
      expect(await accounts.brands.findById('b7'), name).toBeNull();
      expect(await accounts.users.count(), name).toBe(1);
    }
  });

  it('a password reset link is spent once: the second use changes nothing', async () => {
    for (const { name, sql } of both.engines()) {
      const accounts = createAccountRepositories(sql);
      await accounts.passwordResets.insert({ tokenHash: 'r1', userId: 'u1', expiresAt: '2026-12-01T00:00:00.000Z', createdAt: AT });
      await accounts.refreshTokens.insert({ tokenHash: 't1', userId: 'u1', brandId: 'b1', sessionId: 's1', expiresAt: '2026-12-01T00:00:00.000Z', createdAt: AT });
      const reset = (passwordHash: string) => createAccountTransaction(sql)(async (tx) => {
        if (!(await tx.passwordResets.markUsed('r1', AT))) return false;
        await tx.users.updatePasswordHash('u1', passwordHash);
        await tx.refreshTokens.revokeAllForUser('u1', AT);
        return true;
      });
      expect(await reset('first'), name).toBe(true);
      expect(await reset('second'), name).toBe(false);
      expect((await accounts.users.findById('u1'))?.passwordHash, name).toBe('first');
      expect(await accounts.refreshTokens.sessionLive('s1', 'u1', AT), name).toBe(false);
    }
  });
});
