import type { Migration } from '../../migrations/index';
import { invitationSignUpsSql } from '../../migrations/035_invitation_sign_ups';

/** PostgreSQL twin of migration 035 (an invitation's sign-up waiting for the mailbox; kept invitation links cut off). */
export const pgMigration035InvitationSignUps: Migration = { version: 35, name: 'invitation_sign_ups', up: invitationSignUpsSql('strpos') };
