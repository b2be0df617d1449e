import type Database from 'better-sqlite3';
import type { ChatMember } from './chatKeys';
import { createChatKeys } from './chatKeys';
import { createChatStore, type ChannelRow } from './chatStore';
import { createMessageBus } from './messageBus';
import { createTimetokenClock } from './timetoken';

/** Chat on the embedded back end: keys, the store, the timetoken clock and the wake-ups of waiting subscribers. */
export function createChatService(db: Database.Database, jwtSecret: Uint8Array, now: () => Date, subscribeWaitMs: number) {
  const store = createChatStore(db);
  const clock = createTimetokenClock(now, store.newestTimetoken());
  const bus = createMessageBus();
  return {
    keys: createChatKeys(jwtSecret, now),
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
