import type { Migration } from './index';

/**
 * Issue 26 item 29: a rotation remembers when it happened and which token it handed out, so the same client
 * retrying within a few seconds (two windows, a lost answer) is told apart from a copied token being replayed later.
 */
export const migration019RefreshRotationGrace: Migration = {
  version: 19,
  name: 'refresh_rotation_grace',
  up: `
ALTER TABLE refresh_tokens ADD COLUMN rotated_at TEXT;
ALTER TABLE refresh_tokens ADD COLUMN successor_hash TEXT;
`,
};
