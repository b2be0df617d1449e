import { useAtomValue, useStore } from 'jotai';
import { useCallback } from 'react';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { chatClientAtom } from './chat.atoms';
import { flushOutbox } from './outbox';
import { useChatSettings } from './useChatSettings';

/**
 * Writes a message into the outbox (kept by the host, so a crash or an outage loses nothing), then sends what waits
 * when connected; otherwise it goes out when the connection comes back.
 */
export function useSendMessage(): (channel: string, text: string) => Promise<void> {
  const client = useAtomValue(chatClientAtom);
  const who = useAtomValue(actingIdentityAtom);
  const store = useStore();
  const updateChat = useChatSettings();
  return useCallback(async (channel, text) => {
    if (!who) throw new Error('Choose a brand to chat.');
    const entry = { id: crypto.randomUUID(), channel, text, at: new Date().toISOString(), from: `user-${who.user_id}` };
    await updateChat((chat) => ({ outbox: [...chat.outbox, entry] }));
    if (client) void flushOutbox(client.pubnub, client.userId, store, updateChat);
  }, [client, who, store, updateChat]);
}
