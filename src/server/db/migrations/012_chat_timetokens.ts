import type { Migration } from './index';

/**
 * Chat over the PubNub protocol (issue 15): each message gets its PubNub timetoken (17 digits, 100 ns since the epoch,
 * kept as text: it is past 2^53 and text of one length sorts as the number does), the publishing client's id for it
 * (so a retried publish is stored once), and the PubNub user id that published it. Existing messages get timetokens
 * from their time, with the row id in the last digits so two of one millisecond stay distinct.
 */
export const migration012ChatTimetokens: Migration = {
  version: 12,
  name: 'chat_timetokens',
  up: `
ALTER TABLE chat_messages ADD COLUMN timetoken TEXT;
ALTER TABLE chat_messages ADD COLUMN client_id TEXT;
ALTER TABLE chat_messages ADD COLUMN publisher TEXT;
UPDATE chat_messages SET
  timetoken = printf('%d%04d', CAST(round((julianday(created_at) - 2440587.5) * 86400000) AS INTEGER), rowid % 10000),
  publisher = (CASE sender_kind WHEN 'user' THEN 'user-' ELSE 'creator-' END) || sender_id;
CREATE UNIQUE INDEX chat_messages_timetoken ON chat_messages(channel_id, timetoken);
CREATE UNIQUE INDEX chat_messages_client ON chat_messages(channel_id, client_id) WHERE client_id IS NOT NULL;
`,
};
