import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ChatMember } from '../../chat/chatKeys';
import { timeOfTimetoken } from '../../../shared/http/pubnub.schemas';

export interface ChannelRow {
  id: string;
  pubnub_id: string;
  brand_id: string;
  user_id: string;
  recipient_user_id: string | null;
  recipient_creator_id: string | null;
  last_message_at: string | null;
  created_at: string;
}

export interface MessageRow {
  id: string;
  channel_id: string;
  pubnub_id: string;
  content: string;
  client_id: string | null;
  publisher: string;
  timetoken: string;
}

/** A message as every client reads it: its id (the publishing client's, for dedupe) and its text. */
export const payloadOf = (row: Pick<MessageRow, 'id' | 'client_id' | 'content'>) => ({ id: row.client_id ?? row.id, text: row.content });

const MESSAGE_COLUMNS = 'm.id, m.channel_id, c.pubnub_id, m.content, m.client_id, m.publisher, m.timetoken';

/** The chat tables (issue 15): channels, who may use them, and their messages in timetoken order. */
export function createChatStore(db: Database.Database) {
  const byPubnubId = db.prepare('SELECT * FROM chat_channels WHERE pubnub_id = ?');
  const brandMember = db.prepare('SELECT 1 FROM brand_members WHERE user_id = ? AND brand_id = ?').pluck();
  const insert = db.prepare(`INSERT INTO chat_messages (id, channel_id, sender_kind, sender_id, content, created_at, read_at, timetoken, client_id, publisher)
    VALUES (@id, @channel_id, @sender_kind, @sender_id, @content, @created_at, NULL, @timetoken, @client_id, @publisher)`);
  const touch = db.prepare('UPDATE chat_channels SET last_message_at = ? WHERE id = ?');
  const byClientId = db.prepare('SELECT timetoken FROM chat_messages WHERE channel_id = ? AND client_id = ?').pluck();
  const newest = db.prepare('SELECT MAX(timetoken) FROM chat_messages').pluck();
  const countAfter = db.prepare('SELECT COUNT(*) FROM chat_messages WHERE channel_id = ? AND timetoken > ?').pluck();
  // Every subscribe poll runs `after`: prepared once (the channel list travels as JSON, so the SQL never changes).
  const afterStatement = db.prepare(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m JOIN chat_channels c ON c.id = m.channel_id
    WHERE m.channel_id IN (SELECT value FROM json_each(?)) AND m.timetoken > ? ORDER BY m.timetoken LIMIT ?`);
  const historyStatement = db.prepare(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m JOIN chat_channels c ON c.id = m.channel_id
    WHERE m.channel_id = ? AND m.timetoken < ? AND m.timetoken >= ? ORDER BY m.timetoken DESC LIMIT ?`);

  return {
    channel: (pubnubId: string): ChannelRow | null => (byPubnubId.get(pubnubId) as ChannelRow | undefined) ?? null,
    /** Only a channel's members use it: the brand's users and the recipient (a user, or the creator). */
    isMember(channel: ChannelRow, member: ChatMember): boolean {
      if (member.kind === 'creator') return channel.recipient_creator_id === member.id;
      return channel.recipient_user_id === member.id || brandMember.get(member.id, channel.brand_id) === 1;
    },
    /** The newest timetoken stored (so a restarted back end never hands out an older one). */
    newestTimetoken: (): string => (newest.get() as string | null) ?? '0',
    /** Stores a message once: a publish retried with the same client id answers the first one's timetoken. */
    publish(channel: ChannelRow, member: ChatMember, text: string, clientId: string | null, timetoken: () => string): { timetoken: string; stored: boolean } {
      return db.transaction(() => {
        const existing = clientId ? (byClientId.get(channel.id, clientId) as string | undefined) : undefined;
        if (existing) return { timetoken: existing, stored: false };
        const at = timetoken();
        const createdAt = timeOfTimetoken(at).toISOString();
        insert.run({
          id: randomBytes(12).toString('hex'), channel_id: channel.id, sender_kind: member.kind, sender_id: member.id, content: text,
          created_at: createdAt, timetoken: at, client_id: clientId, publisher: member.userId,
        });
        touch.run(createdAt, channel.id);
        return { timetoken: at, stored: true };
      })();
    },
    /** Messages of the channels after a timetoken, oldest first (what a subscribe delivers). */
    after(channelIds: readonly string[], timetoken: string, limit: number): MessageRow[] {
      return afterStatement.all(JSON.stringify(channelIds), timetoken, limit) as MessageRow[];
    },
    /** The newest `max` messages before `start` (exclusive) and from `end` (inclusive), oldest first (PubNub history). */
    history(channelId: string, start: string | null, end: string | null, max: number): MessageRow[] {
      const rows = historyStatement.all(channelId, start ?? '99999999999999999', end ?? '0', max) as MessageRow[];
      return rows.reverse();
    },
    countAfter: (channelId: string, timetoken: string): number => countAfter.get(channelId, timetoken) as number,
  };
}
export type ChatStore = ReturnType<typeof createChatStore>;
