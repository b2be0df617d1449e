import type Database from 'better-sqlite3';
import type { SeededAccounts } from './accounts';
import { plusSeconds, type SeedClock } from './clock';
import type { Prng } from './prng';
import { timetokenAt } from '../chat/timetoken';

const BRAND_LINES = [
  'Hi! We loved your latest video. Would you be open to a collaboration?',
  'Could you share the view numbers for the last month?',
  'We sent the product bundle today, tracking is in your inbox.',
  'Can we license the review for a paid social campaign?',
  'Thanks, the edit looks great!',
  'Would a 60-second cut work for you?',
];
const CREATOR_LINES = [
  'Thanks for reaching out! Yes, happy to chat.',
  'Sure, about 120k views across platforms.',
  'Got it, I will film this weekend.',
  'Licensing is fine, my rate is in the agreement.',
  'Here is the draft, let me know what you think.',
  'I can do a vertical version too.',
];

export interface ChatCounts {
  chatChannels: number;
  chatMessages: number;
}

/** Chat channels of the brand manager with creators of each own brand (and one with the creator demo user). */
export function seedChat(db: Database.Database, rng: Prng, accounts: SeededAccounts, clock: SeedClock): ChatCounts {
  const insertChannel = db.prepare(
    `INSERT INTO chat_channels (id, pubnub_id, brand_id, user_id, recipient_user_id, recipient_creator_id, last_message_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // A test seeds a workspace at an older schema to try an upgrade: without the timetoken columns (migration 12), the
  // messages are written without them and the migration gives them their timetokens.
  const withTimetokens = db.prepare("SELECT 1 FROM pragma_table_info('chat_messages') WHERE name = 'timetoken'").get() !== undefined;
  const insertMessage = db.prepare(withTimetokens
    ? 'INSERT INTO chat_messages (id, channel_id, sender_kind, sender_id, content, created_at, read_at, timetoken, publisher) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
    : 'INSERT INTO chat_messages (id, channel_id, sender_kind, sender_id, content, created_at, read_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const counts: ChatCounts = { chatChannels: 0, chatMessages: 0 };
  // Messages are written after their channel (foreign key), once the last message time is known.
  const pending: [string, string, string, string, string, string, string | null, string][] = [];

  db.transaction(() => {
    accounts.ownBrands.forEach((brand, b) => {
      const creators = db.prepare('SELECT id, user_id FROM creators WHERE brand_id = ? ORDER BY id LIMIT 40').all(brand.id) as { id: string; user_id: string | null }[];
      const recipients = rng.sample(creators, 6);
      if (b === 0) recipients.unshift({ id: '', user_id: accounts.vipId });
      for (const recipient of recipients) {
        const id = rng.hexId();
        const created = clock.daysAgo(rng.int(10, 120));
        const toUser = recipient.user_id !== null && recipient.id === '';
        const senderId = toUser ? accounts.vipId : recipient.id;
        let at = created;
        const total = rng.int(4, 12);
        for (let m = 0; m < total; m++) {
          at = plusSeconds(at, rng.int(300, 86400));
          const fromBrand = m % 2 === 0;
          // The last creator message of some channels stays unread, so unread counts show.
          const read = fromBrand || m < total - 2 || rng.chance(0.4) ? plusSeconds(at, 600) : null;
          pending.push([rng.hexId(), id, fromBrand ? 'user' : 'creator', fromBrand ? accounts.managerId : senderId, rng.pick(fromBrand ? BRAND_LINES : CREATOR_LINES), at, read,
            fromBrand ? `user-${accounts.managerId}` : toUser ? `user-${accounts.vipId}` : `creator-${recipient.id}`]);
        }
        insertChannel.run(id, `rs-${brand.id.slice(0, 6)}-${rng.token(12, 'abcdef0123456789')}`, brand.id, accounts.managerId, toUser ? accounts.vipId : null, toUser ? null : recipient.id, at, created);
        counts.chatChannels += 1;
        for (const [index, [messageId, channelId, kind, sender, content, at, read, publisher]] of pending.splice(0).entries()) {
          const row = [messageId, channelId, kind, sender, content, at, read];
          insertMessage.run(...(withTimetokens ? [...row, timetokenAt(new Date(at), index), publisher] : row));
          counts.chatMessages += 1;
        }
      }
    });
  })();
  return counts;
}
