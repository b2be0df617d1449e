import type { Migration } from './index';

/**
 * An invitation's sign-up waits for the invited mailbox: the name and password hash of the person who signed up
 * through the link stay on the invitation until the link mailed to the address (a fresh token) is opened. Invitation
 * mails kept before this step held their live link for every teammate to read; their token is cut off here.
 * `position` is the engine's substring search, `instr` or `strpos` (both take the text first).
 */
export function invitationSignUpsSql(position: 'instr' | 'strpos'): string {
  return `
ALTER TABLE brand_invitations ADD COLUMN signup_first_name TEXT;
ALTER TABLE brand_invitations ADD COLUMN signup_last_name TEXT;
ALTER TABLE brand_invitations ADD COLUMN signup_password_hash TEXT;
UPDATE outbox SET body = substr(body, 1, ${position}(body, 'join-brand?token=') + 16) || '[redacted]'
  WHERE kind = 'invitation' AND ${position}(body, 'join-brand?token=') > 0;
`;
}

export const migration035InvitationSignUps: Migration = { version: 35, name: 'invitation_sign_ups', up: invitationSignUpsSql('instr') };
