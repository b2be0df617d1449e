import type { Migration } from './index';

/** Users, brands (own and competitor), memberships and the tables sign-in needs. */
export const migration001Auth: Migration = {
  version: 1,
  name: 'auth',
  up: `
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  roles TEXT NOT NULL DEFAULT '["brand_manager"]',
  registration_completed INTEGER NOT NULL DEFAULT 1,
  picture TEXT,
  created_at TEXT NOT NULL,
  last_sign_in_at TEXT
);

-- A brand: owned by brand managers through brand_members, or a competitor of another brand (competitor_of set).
CREATE TABLE brands (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  picture TEXT,
  competitor_of TEXT REFERENCES brands(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
CREATE INDEX brands_competitor_of ON brands(competitor_of);

CREATE TABLE brand_members (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, brand_id)
);

CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand_id TEXT,
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX refresh_tokens_user ON refresh_tokens(user_id);

CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);

-- Mail the embedded back end would send; kept so a person (and tests) can follow reset and confirmation links offline.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_email TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`,
};
