import type { Migration } from './index';

/**
 * Integrations (issue 17): what the gateway knows of a brand's connection to a platform — the client it was made with
 * and the account that authorized it. Tokens are never here: they stay in the desktop's OS keychain.
 */
export const migration015Integrations: Migration = {
  version: 15,
  name: 'integrations',
  up: `
CREATE TABLE integrations (
  brand_id TEXT NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  platform TEXT NOT NULL,
  app_key TEXT NOT NULL,
  account TEXT NOT NULL,
  connected_at TEXT NOT NULL,
  PRIMARY KEY (brand_id, platform)
) WITHOUT ROWID;
`,
};
