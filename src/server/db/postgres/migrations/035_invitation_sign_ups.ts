import type { Migration } from '../../migrations/index';

/** PostgreSQL twin of migration 035 (an invitation's sign-up waiting for the mailbox; kept invitation links cut off). */
export const pgMigration035InvitationSignUps: Migration = {
  version: 35,
  name: 'invitation_sign_ups',
  up: `
ALTER TABLE brand_invitations ADD COLUMN signup_first_name TEXT;
ALTER TABLE brand_invitations ADD COLUMN signup_last_name TEXT;
ALTER TABLE brand_invitations ADD COLUMN signup_password_hash TEXT;
UPDATE outbox SET body = substr(body, 1, strpos(body, 'join-brand?token=') + 16) || '[redacted]'
  WHERE kind = 'invitation' AND strpos(body, 'join-brand?token=') > 0;
`,
};
