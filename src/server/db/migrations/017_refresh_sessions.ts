import type { Migration } from './index';

/**
 * Sessions (issue 26): every refresh token names the sign-in it belongs to, kept through rotations and brand switches,
 * so signing out ends the whole session and what hangs on it (the chat auth key) can ask whether it still lives. A
 * token issued before this step is a session of its own.
 */
export const migration017RefreshSessions: Migration = {
  version: 17,
  name: 'refresh_sessions',
  up: `
ALTER TABLE refresh_tokens ADD COLUMN session_id TEXT;
UPDATE refresh_tokens SET session_id = token_hash;
CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id);
`,
};
