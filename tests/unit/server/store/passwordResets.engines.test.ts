import { describe, expect, it } from 'vitest';
import { createPasswordResetsRepository } from '../../../../src/server/repositories/passwordResetsRepository';
import { useBothEngines } from './support/bothEngines';

const both = useBothEngines();

describe('the password resets repository answers alike on SQLite and PostgreSQL', () => {
  it('keeps a reset by hash and lets it be used once', async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      const resets = createPasswordResetsRepository(sql);
      await resets.insert({ tokenHash: 'r1', userId: 'u1', expiresAt: '2026-11-01T01:00:00.000Z', createdAt: '2026-11-01T00:00:00.000Z' });
      expect(await resets.findByHash('r1'), name).toEqual({ userId: 'u1', expiresAt: '2026-11-01T01:00:00.000Z', usedAt: null });
      expect(await resets.markUsed('r1', '2026-11-01T00:10:00.000Z'), name).toBe(true);
      expect(await resets.markUsed('r1', '2026-11-01T00:20:00.000Z'), name).toBe(false);
      expect(await resets.markUsed('unknown', '2026-11-01T00:20:00.000Z'), name).toBe(false);
      expect(await resets.findByHash('unknown'), name).toBeNull();
      answers.push(await resets.findByHash('r1'));
    }
    expect(answers[0]?.usedAt).toBe('2026-11-01T00:10:00.000Z');
    expect(answers[1]).toEqual(answers[0]);
  });
});
