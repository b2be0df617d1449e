import { describe, expect, it } from 'vitest';
import { createUsersRepository } from '../../../../src/server/repositories/usersRepository';
import { isUniqueViolation } from '../../../../src/server/repositories/accountTransaction';
import { useBothEngines } from './support/bothEngines';

const both = useBothEngines();
const maya = { id: 'u2', email: 'Maya@Example.com', passwordHash: 'h1', firstName: 'Maya', lastName: 'Ito', roles: ['brand_manager'], registrationCompleted: false, createdAt: '2026-11-02T00:00:00.000Z' };

describe('the users repository answers alike on SQLite and PostgreSQL', () => {
  it('creates, finds by id and by address in any letter case, counts and updates a user', async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      const users = createUsersRepository(sql);
      await users.create(maya);
      expect(await users.count(), name).toBe(2);
      expect(await users.findByEmail('  maya@EXAMPLE.com '), name).toMatchObject({ id: 'u2', registrationCompleted: false, picture: null, lastSignInAt: null });
      expect(await users.findByEmail('nobody@example.com'), name).toBeNull();
      await users.updateLastSignIn('u2', '2026-11-03T00:00:00.000Z');
      await users.updatePasswordHash('u2', 'h2');
      await users.markRegistrationCompleted('u2');
      const after = await users.findById('u2');
      expect(after, name).toMatchObject({ passwordHash: 'h2', registrationCompleted: true, lastSignInAt: '2026-11-03T00:00:00.000Z', roles: ['brand_manager'] });
      answers.push([after, await users.findById('u1'), await users.findById('gone')]);
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  it('refuses a second account for the same address in another letter case, as a unique violation on both engines', async () => {
    for (const { name, sql } of both.engines()) {
      const users = createUsersRepository(sql);
      const error: unknown = await users.create({ ...maya, id: 'u3', email: 'ANA@example.com' }).catch((caught: unknown) => caught);
      expect(isUniqueViolation(error), name).toBe(true);
      expect(await users.count(), name).toBe(1);
    }
  });
});
