/** A clock tests move by hand, so time-dependent rules (expiry, rate windows) are checked without waiting. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

export function createTestClock(start = new Date('2026-03-01T10:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
  };
}
