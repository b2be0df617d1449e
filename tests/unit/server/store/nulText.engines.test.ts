import { describe, expect, it } from 'vitest';
import { inList, StoreTextError } from '../../../../src/server/db/sqlClient';
import { createCampaignRepository } from '../../../../src/server/repositories/campaigns/campaignRepository';
import { createUsersRepository } from '../../../../src/server/repositories/usersRepository';
import { useBothEngines } from './support/bothEngines';

const both = useBothEngines();

// PostgreSQL's text cannot hold a NUL character and refused the whole statement (a 500 from DELETE /campaigns/{id}
// with a NUL in the id on a team server, found by the fuzz test on PostgreSQL); SQLite took it. Both refuse it now.
describe('a NUL character in a text parameter is refused alike on SQLite and PostgreSQL', () => {
  it('refuses a lookup and a write with StoreTextError, and leaves the database as it was', async () => {
    for (const { name, sql } of both.engines()) {
      const campaigns = createCampaignRepository(sql);
      await expect(campaigns.bannerFile('c1\u0000', 'b1'), name).rejects.toBeInstanceOf(StoreTextError);
      const users = createUsersRepository(sql);
      await expect(users.findByEmail('ana@example.com\u0000'), name).rejects.toBeInstanceOf(StoreTextError);
      await expect(sql.run('UPDATE users SET first_name = ? WHERE id = ?', ['A\u0000na', 'u1']), name).rejects.toBeInstanceOf(StoreTextError);
      expect(() => inList(sql, 'id', ['u1', 'u\u0000']), name).toThrow(StoreTextError);
      expect(await sql.get('SELECT first_name FROM users WHERE id = ?', ['u1']), name).toEqual({ first_name: 'Ana' });
      // A text without NUL still reads as before.
      expect(await campaigns.bannerFile('c1', 'b1'), name).toBeNull();
    }
  });
});
