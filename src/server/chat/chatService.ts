import type { ChatMember } from './chatKeys';
import { createChatKeys } from './chatKeys';
import { CHAT_NOTICE_TOPIC, type ChannelRow, type ChatStore, type MessageRow } from '../repositories/chat/chatStore';
import { createInProcessNotifier, type ChangeNotifier } from '../db/changeNotifier';
import { createMessageBus } from './messageBus';
import { createTimetokenClock, TIMETOKEN_DIGITS } from './timetoken';

/** Whether a user's sign-in is still on (not signed out, not revoked for reuse, the user not removed). */
export type SessionLiveness = (userId: string, sessionId: string) => boolean | Promise<boolean>;

/** Messages one subscribe answers at most (the client asks again from the last one). */
export const DELIVERED_PER_POLL = 100;

/**
 * Chat: keys, the store, the timetoken clock and the wake-ups of waiting subscribers. With several instances on one
 * database (`notifier.shared`), a publish through any of them wakes the subscribers waiting on every one.
 */
export async function createChatService(
  store: ChatStore, jwtSecret: Uint8Array, now: () => Date, subscribeWaitMs: number, sessionLive: SessionLiveness,
  notifier: ChangeNotifier = createInProcessNotifier(),
) {
  const clock = createTimetokenClock(now, await store.newestTimetoken());
  const bus = createMessageBus();
  // Another instance's publish: its timetoken is taken (this clock goes past it) and its channel's waiters read again.
  await notifier.subscribe(CHAT_NOTICE_TOPIC, (payload) => {
    const [channel, timetoken] = payload.split(' ');
    if (timetoken && /^\d{1,17}$/.test(timetoken)) clock.observe(timetoken);
    if (channel) bus.published(channel);
  }, () => bus.wakeAll());
  const keys = createChatKeys(jwtSecret, now);
  // Timetokens handed to publishes not yet committed: a subscriber is never told "up to here" past one of them.
  const publishing = new Set<bigint>();
  function settledTimetoken(): string {
    const newest = clock.current();
    if (publishing.size === 0) return newest;
    const lowest = [...publishing].reduce((low, t) => (t < low ? t : low));
    return (lowest - 1n).toString().padStart(TIMETOKEN_DIGITS, '0');
  }
  async function readBound(): Promise<string> {
    if (!notifier.shared) return settledTimetoken();
    // Never all zeros (a subscribe's "now" request): with no message yet, just after the epoch.
    const newest = [await store.newestTimetoken(), '1'].map((t) => t.padStart(TIMETOKEN_DIGITS, '0')).sort().at(-1)!;
    clock.observe(newest);
    return newest;
  }
  return {
    keys,
    /**
     * The member a PubNub call's key admits: genuine, unexpired, for the user id it claims, and — for a brand user —
     * issued in a session that still lives, so a key stops working when its holder signs out (not 7 days later).
     * Creators have no session on this back end; a key issued to one outside a session is judged by its expiry.
     */
    async admit(authKey: string | undefined, claimedUserId: string | undefined): Promise<ChatMember | null> {
      const holder = keys.verify(authKey, claimedUserId);
      if (!holder) return null;
      const { member, sessionId } = holder;
      if (member.kind === 'creator') return sessionId === '' ? member : null;
      return sessionId !== '' && (await sessionLive(member.id, sessionId)) ? member : null;
    },
    store,
    clock,
    bus,
    subscribeWaitMs,
    /**
     * The newest timetoken a subscriber may be given as its cursor: every message up to it is committed. A publish
     * still being stored holds it just below its own timetoken, so a message that commits late (PostgreSQL answers
     * concurrent publishes in any order) is still after the cursor and never skipped.
     */
    settledTimetoken,
    /**
     * How far a subscribe may read and move its cursor: every message up to it is committed and no later one can fall
     * before it. One process: the settled timetoken. Several instances: the newest committed timetoken (their publishes
     * commit in timetoken order, see the store), which this clock then never hands out again.
     */
    readBound,
    /** Whether a subscriber's cursor is later than any timetoken given out (a cursor from another back end). */
    async isAhead(timetoken: string): Promise<boolean> {
      return timetoken > clock.current() && (!notifier.shared || timetoken > (await readBound()));
    },
    /**
     * One long poll: the messages of `channels` after `since`, waiting (until woken, `subscribeWaitMs`, or `signal`)
     * when there are none yet, and the cursor to ask from next. The rows are read from the database after the wake-up;
     * `stillAdmitted` is checked again after a wait (the holder may have signed out meanwhile).
     */
    async longPoll(channels: readonly ChannelRow[], since: string, signal: AbortSignal, stillAdmitted: () => Promise<unknown>): Promise<{ rows: MessageRow[]; next: string }> {
      const ids = channels.map((channel) => channel.id);
      // Listening before reading: a message stored while the read is under way still wakes this poll.
      const woken = bus.wait(new Set(channels.map((channel) => channel.pubnub_id)), subscribeWaitMs, signal);
      let upTo = await readBound();
      let rows = await store.after(ids, since, upTo, DELIVERED_PER_POLL);
      if (rows.length === 0) {
        await woken;
        await stillAdmitted();
        upTo = await readBound();
        rows = await store.after(ids, since, upTo, DELIVERED_PER_POLL);
      }
      // After what was delivered, or (nothing came) the bound: never before the cursor the client sent.
      return { rows, next: rows.at(-1)?.timetoken ?? [upTo, since].sort().at(-1)! };
    },
    /** Stores a message (once per client id), then wakes its channel's subscribers; answers its timetoken once stored. */
    async publish(channel: ChannelRow, member: ChatMember, text: string, clientId: string | null): Promise<string> {
      const taken: bigint[] = [];
      const next = (floor: string) => {
        clock.observe(floor);
        const timetoken = clock.next();
        taken.push(BigInt(timetoken));
        publishing.add(BigInt(timetoken));
        return timetoken;
      };
      const settle = () => taken.forEach((t) => publishing.delete(t));
      try {
        const { timetoken, stored } = await store.publish(channel, member, text, clientId, next, notifier.shared);
        // Committed: settled before the wake-up, so the woken subscribers read it.
        settle();
        if (stored) bus.published(channel.pubnub_id);
        return timetoken;
      } finally {
        settle();
      }
    },
  };
}
export type ChatService = Awaited<ReturnType<typeof createChatService>>;
