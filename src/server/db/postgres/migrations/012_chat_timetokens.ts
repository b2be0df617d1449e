import type { Migration } from '../../migrations/index';

/**
 * PostgreSQL twin of migration 012 (chat timetokens). Existing messages get timetokens from their time as on SQLite;
 * PostgreSQL has no rowid, so their order number (by time, then id) fills the last four digits.
 */
export const pgMigration012ChatTimetokens: Migration = {
  version: 12,
  name: 'chat_timetokens',
  up: `
ALTER TABLE chat_messages ADD COLUMN timetoken TEXT;
ALTER TABLE chat_messages ADD COLUMN client_id TEXT;
ALTER TABLE chat_messages ADD COLUMN publisher TEXT;
UPDATE chat_messages SET
  timetoken = round(extract(epoch FROM numbered.created_at::timestamptz) * 1000)::bigint::text || lpad((numbered.n % 10000)::text, 4, '0'),
  publisher = (CASE chat_messages.sender_kind WHEN 'user' THEN 'user-' ELSE 'creator-' END) || chat_messages.sender_id
FROM (SELECT id, created_at, row_number() OVER (ORDER BY created_at, id) AS n FROM chat_messages) AS numbered
WHERE numbered.id = chat_messages.id;
CREATE UNIQUE INDEX chat_messages_timetoken ON chat_messages(channel_id, timetoken);
CREATE UNIQUE INDEX chat_messages_client ON chat_messages(channel_id, client_id) WHERE client_id IS NOT NULL;
`,
};
