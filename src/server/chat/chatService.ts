import type { ChatMember } from './chatKeys';
import { createChatKeys } from './chatKeys';
import type { ChannelRow, ChatStore } from '../repositories/chat/chatStore';
import { createMessageBus } from './messageBus';
import { createTimetokenClock, TIMETOKEN_DIGITS } from './timetoken';

/** Whether a user's sign-in is still on (not signed out, not revoked for reuse, the user not removed). */
export type SessionLiveness = (userId: string, sessionId: string) => boolean | Promise<boolean>;

/** Chat on the embedded back end: keys, the store, the timetoken clock and the wake-ups of waiting subscribers. */
export async function createChatService(store: ChatStore, jwtSecret: Uint8Array, now: () => Date, subscribeWaitMs: number, sessionLive: SessionLiveness) {
  const clock = createTimetokenClock(now, await store.newestTimetoken());
  const bus = createMessageBus();
  const keys = createChatKeys(jwtSecret, now);
  // Timetokens handed to publishes not yet committed: a subscriber is never told "up to here" past one of them.
  const publishing = new Set<bigint>();
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
    settledTimetoken(): string {
      const newest = clock.current();
      if (publishing.size === 0) return newest;
      const lowest = [...publishing].reduce((low, t) => (t < low ? t : low));
      return (lowest - 1n).toString().padStart(TIMETOKEN_DIGITS, '0');
    },
    /** Stores a message (once per client id), then wakes its channel's subscribers; answers its timetoken once stored. */
    async publish(channel: ChannelRow, member: ChatMember, text: string, clientId: string | null): Promise<string> {
      const taken: bigint[] = [];
      const next = () => {
        const timetoken = clock.next();
        taken.push(BigInt(timetoken));
        publishing.add(BigInt(timetoken));
        return timetoken;
      };
      const settle = () => taken.forEach((t) => publishing.delete(t));
      try {
        const { timetoken, stored } = await store.publish(channel, member, text, clientId, next);
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
