import type PubNub from 'pubnub';
import type { useStore } from 'jotai';
import type { ChatSettings } from '../../../shared/ipc/settings.schemas';
import { chatLiveAtom, chatSettingsAtom, chatStatusAtom } from './chat.atoms';
import { withLastSeen } from './chatState';

type Store = ReturnType<typeof useStore>;
type UpdateChat = (change: (current: ChatSettings) => Partial<ChatSettings>) => Promise<void>;

const sending = new WeakSet<PubNub>();

/**
 * Sends this user's waiting messages in the order they were written, one at a time; each leaves the outbox only once
 * the back end has stored it (a retry after a lost answer is stored once: the message id is the dedupe key). Stops at
 * the first failure and leaves the rest for the next connection.
 */
export async function flushOutbox(pubnub: PubNub, me: string, store: Store, updateChat: UpdateChat): Promise<void> {
  if (sending.has(pubnub)) return;
  sending.add(pubnub);
  try {
    for (;;) {
      const next = store.get(chatSettingsAtom).outbox.find((entry) => entry.from === me);
      if (!next) return;
      let timetoken: string;
      try {
        timetoken = String((await pubnub.publish({ channel: next.channel, message: { id: next.id, text: next.text } })).timetoken);
      } catch (error) {
        const status = (error as { status?: { statusCode?: number } }).status?.statusCode ?? 0;
        // Refused for good (too long, not a member): it will never go, so it leaves the outbox instead of blocking it.
        if (status >= 400 && status < 500) {
          await updateChat((chat) => ({ outbox: chat.outbox.filter((entry) => entry.id !== next.id) }));
          continue;
        }
        store.set(chatStatusAtom, 'offline');
        return;
      }
      store.set(chatStatusAtom, 'online');
      store.set(chatLiveAtom, (live) => ({
        ...live, [next.channel]: [...(live[next.channel] ?? []).filter((m) => m.id !== next.id), { id: next.id, text: next.text, timetoken, publisher: me }],
      }));
      await updateChat((chat) => ({ outbox: chat.outbox.filter((entry) => entry.id !== next.id), lastSeen: withLastSeen(chat.lastSeen, next.channel, timetoken) }));
    }
  } finally {
    sending.delete(pubnub);
  }
}
