import type { Migration } from './index';

/**
 * The attempt limiters' state (issue 28): failed sign-ins per account and address, account probes per address and
 * campaign submissions per address, kept in the database so every back-end instance counts the same attempts. One row
 * per attempt: `pending` while it is checked, `failed` once it counted; `at` (ms since the epoch) is when it was
 * reserved, then when it failed. The key is a hash: no address or email is kept here.
 */
export const migration026LimiterAttempts: Migration = {
  version: 26,
  name: 'limiter_attempts',
  up: `
CREATE TABLE limiter_attempts (
  id TEXT PRIMARY KEY,
  scope TEXT NOT NULL,
  key_hash TEXT NOT NULL,
  state TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX limiter_attempts_key ON limiter_attempts (scope, key_hash, at);
CREATE INDEX limiter_attempts_age ON limiter_attempts (scope, at);
`,
};
