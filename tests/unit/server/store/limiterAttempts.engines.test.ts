import { describe, expect, it } from 'vitest';
import { createFailedAttemptLimiter, type FailedAttemptLimiter } from '../../../../src/server/auth/failedAttemptLimiter';
import { hashPassword, verifyPassword } from '../../../../src/server/auth/passwords';
import type { SqlClient } from '../../../../src/server/db/sqlClient';
import { createLimiterAttemptsRepository } from '../../../../src/server/repositories/limiterAttemptsRepository';
import { LOGIN_ATTEMPTS_PER_MINUTE } from '../../../../src/shared/constants';
import { createTestClock } from '../support/testClock';
import { useBothEngines } from './support/bothEngines';

const both = useBothEngines();
const KEY = '127.0.0.1\u0000maya@example.com';

/** The sign-in limiter of one back-end instance: its own client (connection or pool) to the shared database. */
function loginLimiter(sql: SqlClient, now: () => Date): FailedAttemptLimiter {
  return createFailedAttemptLimiter({ store: createLimiterAttemptsRepository(sql), scope: 'login', limit: LOGIN_ATTEMPTS_PER_MINUTE, windowMs: 60_000, now });
}

describe('the attempt limiters hold across back-end instances on one database (SQLite and PostgreSQL)', () => {
  it('checks exactly 5 of 60 concurrent wrong passwords for one account split between two instances, refusing the rest', async () => {
    const hash = await hashPassword('Correct-Horse-Battery-9');
    for (const engine of both.engines()) {
      const clock = createTestClock();
      const instances = [loginLimiter(engine.sql, clock.now), loginLimiter(await engine.another(), clock.now)];
      const outcomes = await Promise.all(
        Array.from({ length: 60 }, async (_, n) => {
          const ticket = await instances[n % 2]!.reserve(KEY);
          if (!ticket) return 'refused';
          try {
            // The real check (scrypt on the thread pool) runs while the other attempts arrive.
            if (!(await verifyPassword(`wrong-${n}`, hash))) await ticket.fail();
            return 'checked';
          } finally {
            await ticket.release();
          }
        }),
      );
      expect(outcomes.filter((outcome) => outcome === 'checked'), engine.name).toHaveLength(LOGIN_ATTEMPTS_PER_MINUTE);
      expect(outcomes.filter((outcome) => outcome === 'refused'), engine.name).toHaveLength(60 - LOGIN_ATTEMPTS_PER_MINUTE);
      // The five failures stand for a minute on either instance, then the oldest leaves the window.
      expect(await instances[0]!.reserve(KEY), engine.name).toBeNull();
      expect(await instances[1]!.reserve(KEY), engine.name).toBeNull();
      clock.advance(60_001);
      expect(await instances[1]!.reserve(KEY), engine.name).not.toBeNull();
    }
  });

  it('keeps the limiter rules on both engines: a success forgets the failures, a release gives the place back, keys and scopes apart', async () => {
    const answers = [];
    for (const engine of both.engines()) {
      const clock = createTestClock();
      const mine = loginLimiter(engine.sql, clock.now);
      const other = loginLimiter(await engine.another(), clock.now);
      const address = createFailedAttemptLimiter({ store: createLimiterAttemptsRepository(engine.sql), scope: 'address', limit: 2, windowMs: 60_000, now: clock.now });
      for (let n = 0; n < 4; n += 1) await (await mine.reserve(KEY))!.fail();
      const inFlight = await other.reserve(KEY);
      const refusedWhileInFlight = (await mine.reserve(KEY)) === null;
      await inFlight!.release();
      const released = await mine.reserve(KEY);
      await released!.succeed();
      // The success wiped the failures: five fresh attempts pass again; another key and another scope never counted.
      const afterSuccess = [];
      for (let n = 0; n < 5; n += 1) afterSuccess.push((await other.reserve(KEY)) !== null);
      const otherKey = (await mine.reserve('127.0.0.1\u0000ana@example.com')) !== null;
      const otherScope = (await address.reserve(KEY)) !== null;
      // An attempt whose instance died (never settled) stops counting once the window has passed.
      clock.advance(60_001);
      const afterAbandoned = (await mine.reserve(KEY)) !== null;
      answers.push({ refusedWhileInFlight, afterSuccess, otherKey, otherScope, afterAbandoned });
    }
    expect(answers[0]).toEqual({ refusedWhileInFlight: true, afterSuccess: [true, true, true, true, true], otherKey: true, otherScope: true, afterAbandoned: true });
    expect(answers[1]).toEqual(answers[0]);
  });

  it('prunes rows that have left their window', async () => {
    for (const engine of both.engines()) {
      const clock = createTestClock();
      const limiter = loginLimiter(engine.sql, clock.now);
      for (let n = 0; n < 30; n += 1) await (await limiter.reserve(`10.0.0.${n}\u0000a@example.com`))!.fail();
      clock.advance(60_001);
      await limiter.reserve('10.0.0.99\u0000a@example.com');
      const left = await engine.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM limiter_attempts');
      expect(Number(left?.n), engine.name).toBe(1);
    }
  });
});
