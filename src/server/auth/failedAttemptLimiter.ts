import { createHash, randomUUID } from 'node:crypto';
import type { LimiterAttemptsRepository, LimiterWindow } from '../repositories/limiterAttemptsRepository';

/** One reserved attempt: settle it once the outcome is known. Settling twice is harmless. */
export interface AttemptTicket {
  /** The attempt failed: it counts against the key for the window. */
  fail(): Promise<void>;
  /** The attempt succeeded: the key's failures are forgotten. */
  succeed(): Promise<void>;
  /** Neither (the check did not finish): the reservation is given back. A no-op once settled. */
  release(): Promise<void>;
}

/** Counts failed attempts per key in a sliding window, reserving each attempt before it is checked. */
export interface FailedAttemptLimiter {
  /**
   * Reserves an attempt for `key`, or answers null when failures plus attempts still in flight already reach the
   * limit. Counting in-flight attempts is what makes the limit hold under concurrency: a slow check (scrypt) no
   * longer lets every parallel request past before the first failure is recorded.
   */
  reserve(key: string): Promise<AttemptTicket | null>;
  /**
   * Reserves an attempt for `key` whatever the count: it is only recorded, so that a later `reserve` (which stops at
   * the limit) sees its failure. For a count some other limit already bounds.
   */
  record(key: string): Promise<AttemptTicket>;
}

export interface FailedAttemptLimiterOptions {
  /** The attempts table, shared by every back-end instance on the database, so the limit holds across them. */
  store: LimiterAttemptsRepository;
  /** Which limiter the rows belong to (`login`, `address`, ...): each counts its own. */
  scope: string;
  limit: number;
  windowMs: number;
  now: () => Date;
}

/**
 * A sliding-window counter of failures per key (e.g. per account and client address), kept in the database. The key
 * is stored as a hash: the table holds no address or email, and any text (a NUL included) makes a valid key.
 */
export function createFailedAttemptLimiter(options: FailedAttemptLimiterOptions): FailedAttemptLimiter {
  const { store, scope } = options;
  const window = { scope, limit: options.limit, windowMs: options.windowMs };
  const clock = () => options.now().getTime();
  /** Every attempt stands as one row; `record` asks for a place with a limit no count reaches. */
  const unbounded = { ...window, limit: Number.MAX_SAFE_INTEGER };
  async function reserveIn(limits: LimiterWindow, key: string): Promise<AttemptTicket | null> {
    const keyHash = createHash('sha256').update(key).digest('base64url');
    const id = randomUUID();
    if (!(await store.reserve(limits, keyHash, id, clock()))) return null;
    let settled = false;
    const settle = async (outcome: () => Promise<void>): Promise<void> => {
      if (settled) return;
      settled = true;
      await outcome();
    };
    return {
      fail: () => settle(() => store.fail(id, clock())),
      succeed: () => settle(() => store.succeed(scope, keyHash, id)),
      release: () => settle(() => store.release(id)),
    };
  }
  return {
    reserve: (key) => reserveIn(window, key),
    async record(key) {
      const ticket = await reserveIn(unbounded, key);
      if (!ticket) throw new Error(`limiter ${scope}: an unbounded reservation was refused`);
      return ticket;
    },
  };
}
