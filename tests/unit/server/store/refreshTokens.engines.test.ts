import { describe, expect, it } from 'vitest';
import { createRefreshTokensRepository } from '../../../../src/server/repositories/refreshTokensRepository';
import { useBothEngines } from './support/bothEngines';

const both = useBothEngines();
const token = (tokenHash: string, sessionId: string, expiresAt = '2026-12-01T00:00:00.000Z') =>
  ({ tokenHash, userId: 'u1', brandId: 'b1', sessionId, expiresAt, createdAt: '2026-11-01T00:00:00.000Z' });
const AT = '2026-11-10T00:00:00.000Z';

describe('the refresh tokens repository answers alike on SQLite and PostgreSQL', () => {
  it('rotates and revokes a token once only, and tells whether a session still lives', async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      const tokens = createRefreshTokensRepository(sql);
      await tokens.insert(token('t1', 's1'));
      await tokens.insert(token('t2', 's2', '2026-11-05T00:00:00.000Z'));
      expect(await tokens.rotate('t1', 't1b', AT), name).toBe(true);
      expect(await tokens.rotate('t1', 't1c', AT), name).toBe(false);
      await tokens.insert(token('t1b', 's1'));
      expect(await tokens.sessionLive('s1', 'u1', AT), name).toBe(true);
      // Expired, another user's, unknown: not live.
      expect(await tokens.sessionLive('s2', 'u1', AT), name).toBe(false);
      expect(await tokens.sessionLive('s1', 'u2', AT), name).toBe(false);
      expect(await tokens.sessionLive('none', 'u1', AT), name).toBe(false);
      expect(await tokens.revoke('t2', AT), name).toBe(true);
      expect(await tokens.revoke('t2', AT), name).toBe(false);
      await tokens.revokeSession('s1', AT);
      expect(await tokens.sessionLive('s1', 'u1', AT), name).toBe(false);
      const spent = await tokens.findByHash('t1');
      expect(spent, name).toMatchObject({ sessionId: 's1', rotatedAt: AT, successorHash: 't1b', revokedAt: AT });
      expect(await tokens.findByHash('none'), name).toBeNull();
      answers.push([spent, await tokens.findByHash('t1b'), await tokens.findByHash('t2')]);
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  it("revokes every live token of a user, leaving the revoked ones' times alone", async () => {
    for (const { name, sql } of both.engines()) {
      const tokens = createRefreshTokensRepository(sql);
      await tokens.insert(token('t1', 's1'));
      await tokens.insert(token('t2', 's2'));
      await tokens.revoke('t1', '2026-11-02T00:00:00.000Z');
      await tokens.revokeAllForUser('u1', AT);
      expect((await tokens.findByHash('t1'))?.revokedAt, name).toBe('2026-11-02T00:00:00.000Z');
      expect((await tokens.findByHash('t2'))?.revokedAt, name).toBe(AT);
    }
  });
});
