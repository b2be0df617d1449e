import { describe, expect, it } from 'vitest';
import { createRefreshTokensRepository } from '../../../../src/server/repositories/refreshTokensRepository';
import { useBothEngines } from './support/bothEngines';

const both = useBothEngines();
const AT = '2026-11-10T00:00:00.000Z';

/**
 * Refresh-token reuse detection keeps no state in memory (issue 28): a token is spent by one conditional UPDATE, so
 * when a stolen copy and the real one reach two instances at once, exactly one rotation wins and the other is a reuse.
 */
describe('a refresh token is spent once across back-end instances on one database', () => {
  it('lets exactly one of 20 concurrent rotations of one token through, split between two instances', async () => {
    for (const engine of both.engines()) {
      const instances = [createRefreshTokensRepository(engine.sql), createRefreshTokensRepository(await engine.another())];
      await instances[0]!.insert({ tokenHash: 't1', userId: 'u1', brandId: 'b1', sessionId: 's1', expiresAt: '2026-12-01T00:00:00.000Z', createdAt: AT });
      const won = await Promise.all(Array.from({ length: 20 }, (_, n) => instances[n % 2]!.rotate('t1', `next-${n}`, AT)));
      expect(won.filter(Boolean), engine.name).toHaveLength(1);
      const spent = await instances[1]!.findByHash('t1');
      expect(spent?.successorHash, engine.name).toBe(`next-${won.indexOf(true)}`);
    }
  });
});
