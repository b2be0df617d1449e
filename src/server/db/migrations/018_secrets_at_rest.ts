import type { Migration } from './index';

/**
 * Secrets at rest (issue 26, item 10): a brand API key is kept only as its hash and a hint (its first 8 and last 4
 * characters) to recognise it by; the plain key is blanked, then its column dropped. Mail kept in the outbox (not sent:
 * no mail server) says what it is and whose brand it concerns, so Settings can list it; reset links already kept lose
 * their token, which from now on lives only in the mail handed over (or, without a mail server, in the host's memory).
 */
export const migration018SecretsAtRest: Migration = {
  version: 18,
  name: 'secrets_at_rest',
  // secure_delete zeroes the space the old values leave in their pages (on for these statements only).
  up: `
PRAGMA secure_delete = ON;
ALTER TABLE brand_api_keys ADD COLUMN key_hint TEXT NOT NULL DEFAULT '';
UPDATE brand_api_keys SET key_hint = substr(api_key, 1, 8) || '…' || substr(api_key, -4), api_key = '';
ALTER TABLE brand_api_keys DROP COLUMN api_key;
ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'creator_mail'
  CHECK (kind IN ('password_reset', 'confirmation', 'invitation', 'creator_mail'));
ALTER TABLE outbox ADD COLUMN brand_id TEXT REFERENCES brands(id) ON DELETE CASCADE;
UPDATE outbox SET kind = 'password_reset' WHERE subject = 'Reset your Reelscope password';
UPDATE outbox SET kind = 'confirmation' WHERE subject = 'Confirm your Reelscope account';
UPDATE outbox SET body = substr(body, 1, instr(body, 'reset-password?token=') + 20) || '[redacted]'
  WHERE instr(body, 'reset-password?token=') > 0;
CREATE INDEX outbox_to_email ON outbox(to_email);
CREATE INDEX outbox_brand ON outbox(brand_id) WHERE brand_id IS NOT NULL;
PRAGMA secure_delete = OFF;
`,
};
