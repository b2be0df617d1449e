import type { Migration } from '../../migrations/index';

/**
 * PostgreSQL twin of migration 018 (secrets at rest: API keys kept as hash and hint, outbox kinds and brands, reset
 * links redacted). SQLite's secure_delete has no counterpart to switch on; substr(x, -4) is right(x, 4), instr is strpos.
 */
export const pgMigration018SecretsAtRest: Migration = {
  version: 18,
  name: 'secrets_at_rest',
  up: `
ALTER TABLE brand_api_keys ADD COLUMN key_hint TEXT NOT NULL DEFAULT '';
UPDATE brand_api_keys SET key_hint = substr(api_key, 1, 8) || '…' || right(api_key, 4), api_key = '';
ALTER TABLE brand_api_keys DROP COLUMN api_key;
ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'creator_mail'
  CHECK (kind IN ('password_reset', 'confirmation', 'invitation', 'creator_mail'));
ALTER TABLE outbox ADD COLUMN brand_id TEXT REFERENCES brands(id) ON DELETE CASCADE;
UPDATE outbox SET kind = 'password_reset' WHERE subject = 'Reset your Reelscope password';
UPDATE outbox SET kind = 'confirmation' WHERE subject = 'Confirm your Reelscope account';
UPDATE outbox SET body = substr(body, 1, strpos(body, 'reset-password?token=') + 20) || '[redacted]'
  WHERE strpos(body, 'reset-password?token=') > 0;
CREATE INDEX outbox_to_email ON outbox(to_email);
CREATE INDEX outbox_brand ON outbox(brand_id) WHERE brand_id IS NOT NULL;
`,
};
