import type { Migration } from '../../migrations/index';

/** PostgreSQL twin of migration 026 (the attempt limiters' state; `at` in milliseconds needs 64 bits). */
export const pgMigration026LimiterAttempts: Migration = {
  version: 26,
  name: 'limiter_attempts',
  up: `
CREATE TABLE limiter_attempts (
  id TEXT PRIMARY KEY,
  scope TEXT NOT NULL,
  key_hash TEXT NOT NULL,
  state TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX limiter_attempts_key ON limiter_attempts (scope, key_hash, at);
CREATE INDEX limiter_attempts_age ON limiter_attempts (scope, at);
`,
};
