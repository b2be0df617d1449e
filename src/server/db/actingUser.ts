import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The person a request acts for, as the change log's triggers read it (the activity view: who did what). A trigger sees
 * only the written row, and most rows do not name who wrote them (a video, a license, a removal from the team), so
 * each request carries its signed-in person down to the database: SQLite through the `acting_user()` function the
 * connection defines (`migrate.ts`), PostgreSQL through a transaction-local setting (`postgresClient.ts`). Outside a
 * request (a job runner, the seed, a migration) no one acts and the log falls back to the author the row records.
 */
const acting = new AsyncLocalStorage<{ userId: string | null }>();

/** The transaction-local PostgreSQL setting the triggers read the acting person from. */
export const ACTING_USER_SETTING = 'reelscope.acting_user';

/** Runs `serve` (and everything it starts) as one request, for which no one acts until the request is signed in. */
export function serveActing(serve: () => void): void {
  acting.run({ userId: null }, serve);
}

/** The request being served acts for `userId` from now on (its bearer or its app key was checked). */
export function actAs(userId: string | null): void {
  const request = acting.getStore();
  if (request) request.userId = userId;
}

/** Who the write being made acts for; null outside a signed-in request. */
export function actingUserId(): string | null {
  return acting.getStore()?.userId ?? null;
}
