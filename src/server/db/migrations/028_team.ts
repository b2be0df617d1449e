import type { Migration } from './index';

/**
 * Teammates and authorship (issue 29). A brand member has a role — 'manager' (the team, the API key, deleting the
 * brand's data) or 'member' (everything else); everyone who belonged to a brand before is its manager. Invitations
 * keep only the hash of their link's token, are single-use and expire. Shared work records who last changed it:
 * reports, campaigns, widgets and demographic labels gain the editor (notes, marks and labels already keep their
 * author in user_id), publish jobs the person who asked.
 */
export const migration028Team: Migration = {
  version: 28,
  name: 'team',
  up: `
ALTER TABLE brand_members ADD COLUMN role TEXT NOT NULL DEFAULT 'manager';
ALTER TABLE brand_members ADD COLUMN joined_at TEXT;
ALTER TABLE brand_members ADD COLUMN last_active_at TEXT;
CREATE INDEX brand_members_brand ON brand_members(brand_id);

CREATE TABLE brand_invitations (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('manager','member')),
  token_hash TEXT NOT NULL UNIQUE,
  invited_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  accepted_at TEXT,
  accepted_by TEXT REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX brand_invitations_brand ON brand_invitations(brand_id, created_at);

ALTER TABLE reports ADD COLUMN updated_by TEXT REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE campaigns ADD COLUMN created_by TEXT REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE campaigns ADD COLUMN updated_by TEXT REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE widgets ADD COLUMN created_by TEXT REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE widgets ADD COLUMN updated_by TEXT REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE demographics_labels ADD COLUMN updated_by TEXT REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE publish_jobs ADD COLUMN user_id TEXT REFERENCES users(id) ON DELETE SET NULL;
`,
};
