import { randomBytes } from 'node:crypto';
import type { SqlClient } from '../../db/sqlClient';
import type { ChatChannel } from '../../../shared/http/chat.schemas';

interface Row {
  id: string; pubnub_id: string; brand_id: string; last_message_at: string | null; created_at: string;
  u_id: string | null; u_first: string | null; u_last: string | null; u_picture: string | null;
  c_id: string | null; c_name: string | null; c_handle: string | null; c_picture: string | null;
  m_text: string | null; m_timetoken: string | null; m_publisher: string | null; read_up_to: string | null;
}

// The last message is found by its id, not SQLite's rowid: a channel's timetokens are unique, so both engines pick the same row.
const SELECT = `SELECT ch.id, ch.pubnub_id, ch.brand_id, ch.last_message_at, ch.created_at,
  u.id AS u_id, u.first_name AS u_first, u.last_name AS u_last, u.picture AS u_picture,
  cr.id AS c_id, cr.name AS c_name, cr.handle AS c_handle, cr.picture AS c_picture,
  m.content AS m_text, m.timetoken AS m_timetoken, m.publisher AS m_publisher,
  (SELECT MAX(r.timetoken) FROM chat_messages r WHERE r.channel_id = ch.id AND (r.read_at IS NOT NULL
    OR (r.sender_kind = 'user' AND EXISTS (SELECT 1 FROM brand_members bm WHERE bm.user_id = r.sender_id AND bm.brand_id = ch.brand_id)))) AS read_up_to
  FROM chat_channels ch
  LEFT JOIN users u ON u.id = ch.recipient_user_id
  LEFT JOIN creators cr ON cr.id = ch.recipient_creator_id
  LEFT JOIN chat_messages m ON m.id = (SELECT m2.id FROM chat_messages m2 WHERE m2.channel_id = ch.id ORDER BY m2.timetoken DESC LIMIT 1)`;

const toChannel = (row: Row): ChatChannel => ({
  _id: row.id, pubnub_id: row.pubnub_id, brand_id: row.brand_id, last_message_at: row.last_message_at, created_at: row.created_at,
  recipient: {
    user: row.u_id ? { _id: row.u_id, first_name: row.u_first ?? '', last_name: row.u_last ?? '', picture: row.u_picture, pubnub_user_id: `user-${row.u_id}` } : null,
    influencer: row.c_id ? { _id: row.c_id, name: row.c_name ?? '', handle: row.c_handle ?? '', picture: row.c_picture, pubnub_user_id: `creator-${row.c_id}` } : null,
  },
  last_message: row.m_timetoken ? { text: row.m_text ?? '', timetoken: row.m_timetoken, publisher: row.m_publisher ?? '' } : null,
  read_up_to: row.read_up_to,
});

/** The brand's chat channels as the screen lists them: recipient, last message, newest activity first. */
export function createChatChannels(sql: SqlClient) {
  const one = async (where: string, params: string[]): Promise<ChatChannel | null> => {
    const row = await sql.get<Row>(`${SELECT} WHERE ${where}`, params);
    return row ? toChannel(row) : null;
  };
  return {
    list: async (brandId: string): Promise<ChatChannel[]> =>
      (await sql.all<Row>(`${SELECT} WHERE ch.brand_id = ? ORDER BY COALESCE(ch.last_message_at, ch.created_at) DESC, ch.id`, [brandId])).map(toChannel),
    find: (channelId: string, brandId: string): Promise<ChatChannel | null> => one('ch.id = ? AND ch.brand_id = ?', [channelId, brandId]),
    withRecipient: (brandId: string, kind: 'influencer' | 'user', recipientId: string): Promise<ChatChannel | null> =>
      one(`ch.brand_id = ? AND ${kind === 'influencer' ? 'ch.recipient_creator_id' : 'ch.recipient_user_id'} = ? ORDER BY ch.created_at LIMIT 1`, [brandId, recipientId]),
    async create(brandId: string, userId: string, kind: 'influencer' | 'user', recipientId: string, now: Date): Promise<string> {
      const id = randomBytes(12).toString('hex');
      await sql.run(`INSERT INTO chat_channels (id, pubnub_id, brand_id, user_id, recipient_user_id, recipient_creator_id, last_message_at, created_at)
        VALUES (?, ?, ?, ?, ?, ?, NULL, ?)`,
      [id, `rs-${brandId.slice(0, 6)}-${randomBytes(6).toString('hex')}`, brandId, userId, kind === 'user' ? recipientId : null, kind === 'influencer' ? recipientId : null, now.toISOString()]);
      return id;
    },
    /** Whether a user may be the brand's chat recipient: a member of the brand, or the account of one of its creators. */
    userReachable: async (brandId: string, userId: string): Promise<boolean> =>
      (await sql.get<{ reachable: number }>(`SELECT CASE WHEN EXISTS (SELECT 1 FROM brand_members WHERE brand_id = ? AND user_id = ?)
        OR EXISTS (SELECT 1 FROM creators WHERE brand_id = ? AND user_id = ?) THEN 1 ELSE 0 END AS reachable`, [brandId, userId, brandId, userId]))?.reachable === 1,
    markRead: async (channelId: string, upTo: string, reader: string, now: Date): Promise<number> =>
      (await sql.run('UPDATE chat_messages SET read_at = ? WHERE channel_id = ? AND timetoken <= ? AND read_at IS NULL AND publisher <> ?', [now.toISOString(), channelId, upTo, reader])).changes,
  };
}
