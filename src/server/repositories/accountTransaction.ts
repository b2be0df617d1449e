import type { SqlClient } from '../db/sqlClient';
import { createBrandsRepository } from './brandsRepository';
import { createPasswordResetsRepository } from './passwordResetsRepository';
import { createRefreshTokensRepository } from './refreshTokensRepository';
import { createUsersRepository } from './usersRepository';
import { createTeamRepository } from './team/teamRepository';

/** The sign-in repositories over one client: the app's, or a transaction's. */
export function createAccountRepositories(sql: SqlClient) {
  return {
    users: createUsersRepository(sql),
    brands: createBrandsRepository(sql),
    refreshTokens: createRefreshTokensRepository(sql),
    passwordResets: createPasswordResetsRepository(sql),
    /** Memberships and invitations: an invited person's sign-up joins the brand in the same transaction. */
    team: createTeamRepository(sql),
  };
}
export type AccountRepositories = ReturnType<typeof createAccountRepositories>;

/**
 * One change across the sign-in repositories (a sign-up, a password reset), kept whole or not at all: `work` gets
 * them built over the transaction. Database work only inside: no hashing, no mail.
 */
export function createAccountTransaction(sql: SqlClient) {
  return <T>(work: (tx: AccountRepositories) => Promise<T>): Promise<T> => sql.transaction((tx) => work(createAccountRepositories(tx)));
}

/** Whether a write was refused by a UNIQUE index, on either engine (SQLite's code; PostgreSQL's SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
