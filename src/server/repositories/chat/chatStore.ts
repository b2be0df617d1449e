import { randomBytes } from 'node:crypto';
import { inList, type SqlClient } from '../../db/sqlClient';
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
/** Later than every timetoken (17 digits): a history without `start` reads up to the newest. */
const AFTER_EVERY_TIMETOKEN = '99999999999999999';

/** The notice topic of chat publishes on PostgreSQL (payload: the channel's PubNub id and the timetoken, space-separated). */
export const CHAT_NOTICE_TOPIC = 'reelscope_chat';
/** The transaction lock key under which every instance's publishes take their timetokens one at a time (PostgreSQL). */
const CHAT_PUBLISH_LOCK = 280_015;

/** The chat tables (issue 15): channels, who may use them, and their messages in timetoken order. */
export function createChatStore(sql: SqlClient) {
  const timetokenOf = async (client: SqlClient, channelId: string, clientId: string): Promise<string | undefined> =>
    (await client.get<{ timetoken: string }>('SELECT timetoken FROM chat_messages WHERE channel_id = ? AND client_id = ?', [channelId, clientId]))?.timetoken;

  const newestOf = async (client: SqlClient): Promise<string> =>
    (await client.get<{ newest: string | null }>('SELECT MAX(timetoken) AS newest FROM chat_messages'))?.newest ?? '0';

  return {
    channel: async (pubnubId: string): Promise<ChannelRow | null> => (await sql.get<ChannelRow>('SELECT * FROM chat_channels WHERE pubnub_id = ?', [pubnubId])) ?? null,
    /** Only a channel's members use it: the brand's users and the recipient (a user, or the creator). */
    async isMember(channel: ChannelRow, member: ChatMember): Promise<boolean> {
      if (member.kind === 'creator') return channel.recipient_creator_id === member.id;
      if (channel.recipient_user_id === member.id) return true;
      return (await sql.get('SELECT 1 AS one FROM brand_members WHERE user_id = ? AND brand_id = ?', [member.id, channel.brand_id])) !== undefined;
    },
    /** The newest timetoken stored (so a restarted back end never hands out an older one). */
    newestTimetoken: (): Promise<string> => newestOf(sql),
    /**
     * Stores a message once, in one transaction with its channel's last activity, and answers when it is committed: a
     * publish retried with the same client id (even one racing the first) answers the first one's timetoken.
     */
    publish(
      channel: ChannelRow, member: ChatMember, text: string, clientId: string | null, timetoken: (floor: string) => string, acrossInstances = false,
    ): Promise<{ timetoken: string; stored: boolean }> {
      return sql.transaction(async (tx) => {
        // Several instances publishing on PostgreSQL: one at a time, each after the newest committed timetoken, so
        // messages commit in timetoken order and a reader's "newest committed" is a cursor no later message falls
        // behind; the notice wakes the other instances' subscribers. (One process — SQLite always — orders its own
        // publishes by its clock and holds its cursors below those not yet stored: see the chat service.)
        const shared = acrossInstances && tx.engine === 'postgres';
        if (shared) await tx.get('SELECT pg_advisory_xact_lock(?) AS locked', [CHAT_PUBLISH_LOCK]);
        const existing = clientId ? await timetokenOf(tx, channel.id, clientId) : undefined;
        if (existing) return { timetoken: existing, stored: false };
        const at = timetoken(shared ? await newestOf(tx) : '0');
        const createdAt = timeOfTimetoken(at).toISOString();
        // A twin publish committed meanwhile (another connection on PostgreSQL) makes this one a no-op, answered below.
        const { changes } = await tx.run(`INSERT INTO chat_messages (id, channel_id, sender_kind, sender_id, content, created_at, read_at, timetoken, client_id, publisher)
          VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [randomBytes(12).toString('hex'), channel.id, member.kind, member.id, text, createdAt, at, clientId, member.userId]);
        if (changes === 0) {
          const twin = clientId ? await timetokenOf(tx, channel.id, clientId) : undefined;
          // Never acknowledged unless stored: a timetoken taken already (another instance's clock) fails the publish.
          if (!twin) throw new Error(`Message not stored: timetoken ${at} is taken on channel ${channel.pubnub_id}.`);
          return { timetoken: twin, stored: false };
        }
        await tx.run('UPDATE chat_channels SET last_message_at = ? WHERE id = ?', [createdAt, channel.id]);
        // Delivered to every listening instance when this commits (PostgreSQL); SQLite's process wakes its own.
        if (shared) await tx.get('SELECT pg_notify(?, ?) AS sent', [CHAT_NOTICE_TOPIC, `${channel.pubnub_id} ${at}`]);
        return { timetoken: at, stored: true };
      });
    },
    /** Messages of the channels after a timetoken and up to another, oldest first (what a subscribe delivers). */
    after(channelIds: readonly string[], timetoken: string, upTo: string, limit: number): Promise<MessageRow[]> {
      const channels = inList(sql, 'm.channel_id', channelIds);
      return sql.all<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m JOIN chat_channels c ON c.id = m.channel_id
        WHERE ${channels.sql} AND m.timetoken > ? AND m.timetoken <= ? ORDER BY m.timetoken LIMIT ?`, [channels.param, timetoken, upTo, limit]);
    },
    /** The newest `max` messages before `start` (exclusive) and from `end` (inclusive), oldest first (PubNub history). */
    async history(channelId: string, start: string | null, end: string | null, max: number): Promise<MessageRow[]> {
      const rows = await sql.all<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m JOIN chat_channels c ON c.id = m.channel_id
        WHERE m.channel_id = ? AND m.timetoken < ? AND m.timetoken >= ? ORDER BY m.timetoken DESC LIMIT ?`, [channelId, start ?? AFTER_EVERY_TIMETOKEN, end ?? '0', max]);
      return rows.reverse();
    },
    countAfter: async (channelId: string, timetoken: string): Promise<number> =>
      Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM chat_messages WHERE channel_id = ? AND timetoken > ?', [channelId, timetoken]))?.n ?? 0),
  };
}
export type ChatStore = ReturnType<typeof createChatStore>;
