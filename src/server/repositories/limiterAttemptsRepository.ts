import type { SqlClient } from '../db/sqlClient';

/** One limiter's counting rule: which rows are its own, how many may stand, and for how long each stands. */
export interface LimiterWindow {
  scope: string;
  limit: number;
  windowMs: number;
}

/**
 * Reserves an attempt when fewer than `limit` of the key's attempts stand (failed or in flight, reserved or failed
 * after `since`), as one atomic step; answers whether it was reserved. The count and the insert are one statement,
 * which SQLite runs under its single writer lock, so two processes on one file cannot both take the last place.
 */
const RESERVE = `
INSERT INTO limiter_attempts (id, scope, key_hash, state, at)
SELECT ?, ?, ?, 'pending', CAST(? AS BIGINT)
WHERE (SELECT COUNT(*) FROM limiter_attempts WHERE scope = ? AND key_hash = ? AND at > ?) < ?`;

/** At most this many expired rows are removed per reservation: pruning keeps up without ever making a sign-in slow. */
const PRUNE_BATCH = 500;

/**
 * The attempt limiters' rows (src/server/auth/failedAttemptLimiter.ts), on either engine, shared by every back-end
 * instance on the database. A row stands while its `at` is inside the window: a failure for the window after it
 * failed, an attempt in flight for the window after it was reserved (one whose instance died stops counting then).
 */
export function createLimiterAttemptsRepository(sql: SqlClient) {
  const prune = sql.engine === 'postgres'
    // Rows another instance is pruning or settling are skipped, not waited for: pruning never blocks or deadlocks.
    ? `DELETE FROM limiter_attempts WHERE id IN (SELECT id FROM limiter_attempts WHERE scope = ? AND at <= ? LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED)`
    : `DELETE FROM limiter_attempts WHERE id IN (SELECT id FROM limiter_attempts WHERE scope = ? AND at <= ? LIMIT ${PRUNE_BATCH})`;

  return {
    async reserve(window: LimiterWindow, keyHash: string, id: string, at: number): Promise<boolean> {
      const since = at - window.windowMs;
      await sql.run(prune, [window.scope, since]);
      const params = [id, window.scope, keyHash, at, window.scope, keyHash, since, window.limit];
      if (sql.engine === 'sqlite') return (await sql.run(RESERVE, params)).changes === 1;
      // PostgreSQL reads the count in a snapshot taken when the statement starts: the key's lock, held until the
      // commit, makes every other instance's reservation of this key start after this one is visible.
      return sql.transaction(async (tx) => {
        await tx.get('SELECT pg_advisory_xact_lock(hashtextextended(?, 0)) AS locked', [`limiter:${window.scope}:${keyHash}`]);
        return (await tx.run(RESERVE, params)).changes === 1;
      });
    },
    /** The attempt failed: it stands for the window from now. */
    async fail(id: string, at: number): Promise<void> {
      await sql.run("UPDATE limiter_attempts SET state = 'failed', at = ? WHERE id = ? AND state = 'pending'", [at, id]);
    },
    /** The attempt succeeded: it and the key's failures are forgotten (other attempts still in flight stand). */
    async succeed(scope: string, keyHash: string, id: string): Promise<void> {
      await sql.run("DELETE FROM limiter_attempts WHERE scope = ? AND key_hash = ? AND (state = 'failed' OR id = ?)", [scope, keyHash, id]);
    },
    /** The attempt neither failed nor succeeded: its place is given back. */
    async release(id: string): Promise<void> {
      await sql.run("DELETE FROM limiter_attempts WHERE id = ? AND state = 'pending'", [id]);
    },
  };
}
export type LimiterAttemptsRepository = ReturnType<typeof createLimiterAttemptsRepository>;
