import type { Migration } from '../../migrations/index';

/** PostgreSQL twin of migration 015 (integrations). */
export const pgMigration015Integrations: Migration = {
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
);
`,
};
