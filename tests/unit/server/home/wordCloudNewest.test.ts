// No database (not in bothEngineTests.ts): it tests the word cloud's pick of the newest videos over plain arrays.
import { describe, expect, it } from 'vitest';
import { newestFirst } from '../../../../src/server/repositories/home/wordCloud';

describe('the word cloud reads the newest videos of a window', () => {
  it('puts at least the newest videos first in the order a full sort gives, ties in ordinal order', () => {
    // Many videos created at the same few instants, so the cut falls inside a tie.
    const createdMs = Float64Array.from({ length: 5000 }, (_, o) => 1_700_000_000_000 + ((o * 7919) % 97) * 60_000);
    const picked = Array.from({ length: 5000 }, (_, o) => o).filter((o) => o % 3 !== 0);
    const everyOne = [...picked].sort((a, b) => (createdMs[b] ?? 0) - (createdMs[a] ?? 0));
    for (const count of [1, 120, 240, 3332, 4000]) {
      const newest = newestFirst(picked, createdMs, count);
      expect(newest.length).toBeGreaterThanOrEqual(Math.min(count, picked.length));
      expect(newest, String(count)).toEqual(everyOne.slice(0, newest.length));
    }
  });
});
