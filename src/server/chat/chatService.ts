import type { ChatMember } from './chatKeys';
import { createChatKeys } from './chatKeys';
import type { ChannelRow, ChatStore } from '../repositories/chat/chatStore';
import { createMessageBus } from './messageBus';
import { createTimetokenClock } from './timetoken';

/** Whether a user's sign-in is still on (not signed out, not revoked for reuse, the user not removed). */
export type SessionLiveness = (userId: string, sessionId: string) => Promise<boolean>;

/** Chat on the embedded back end: keys, the store, the timetoken clock and the wake-ups of waiting subscribers. */
export function createChatService(store: ChatStore, jwtSecret: Uint8Array, now: () => Date, subscribeWaitMs: number, sessionLive: SessionLiveness) {
  const clock = createTimetokenClock(now, store.newestTimetoken());
  const bus = createMessageBus();
  const keys = createChatKeys(jwtSecret, now);
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
    /** Stores a message (once per client id) and wakes its channel's subscribers; answers its timetoken. */
    publish(channel: ChannelRow, member: ChatMember, text: string, clientId: string | null): string {
      const { timetoken, stored } = store.publish(channel, member, text, clientId, () => clock.next());
      if (stored) bus.published(channel.pubnub_id);
      return timetoken;
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
