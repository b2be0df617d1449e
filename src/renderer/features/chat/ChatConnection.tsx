import { useAtomValue, useSetAtom, useStore } from 'jotai';
import PubNub from 'pubnub';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { ChatChannel, ChatConfig, ChatMessage } from '../../../shared/http/chat.schemas';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { useBackendReturns } from '../../lib/reconnect';
import { fetchChannels, fetchChatConfig, type Who } from './chat.api';
import { host } from '../../host/hostClient';
import { chatChannelsAtom, chatClientAtom, chatLiveAtom, chatSettingsAtom, chatStatusAtom, chatUnreadAtom, chatUnreadTotalAtom, openChannelAtom } from './chat.atoms';
import { recipientOf, seenFrom } from './chatState';
import { flushOutbox } from './outbox';
import { useChatSettings } from './useChatSettings';

/** PubNub subscribes to at most 50 channels in one call; the 50 with the newest activity are followed live. */
const LIVE_CHANNELS = 50;
const RETRY_MS = 5000;

/** The SDK's configuration: the back end's, or PubNub's service when keys are in the settings (config only). */
function clientFor(config: ChatConfig, keys: { publishKey: string; subscribeKey: string } | null): PubNub {
  return new PubNub({
    ...(keys ?? { publishKey: config.publishKey, subscribeKey: config.subscribeKey }),
    ...(keys ? { ssl: true } : { origin: config.origin, ssl: config.secure, authKey: config.authKey }),
    userId: config.userId,
    restore: true,
    logLevel: PubNub.LogLevel.None,
  });
}

/**
 * Chat's live side for the whole signed-in window: connects the pubnub SDK, follows the brand's channels, counts
 * unread messages from the last-seen list, sends the outbox in order whenever it is connected, and asks the host for
 * the badge and a notification. Renders nothing.
 */
export function ChatConnection() {
  const who = useAtomValue(actingIdentityAtom);
  return who ? <Connection key={who.brand_id} who={who} /> : null;
}

function Connection({ who }: { who: Who }) {
  const { api } = useServices();
  const store = useStore();
  const setClient = useSetAtom(chatClientAtom);
  const setStatus = useSetAtom(chatStatusAtom);
  const keys = useAtomValue(chatSettingsAtom).pubnub;
  const updateChat = useChatSettings();
  const returns = useBackendReturns();
  const client = useRef<PubNub | null>(null);

  const received = useEffectEvent((message: ChatMessage, channel: string, me: string) => {
    store.set(chatLiveAtom, (live) => ({ ...live, [channel]: [...(live[channel] ?? []).filter((m) => m.id !== message.id), message] }));
    store.set(chatChannelsAtom, (list) => list?.map((c) => (c.pubnub_id === channel ? { ...c, last_message: { text: message.text, timetoken: message.timetoken, publisher: message.publisher } } : c)) ?? list);
    // One's own messages are not unread; the open thread records what it shows as seen (last-seen list, back end).
    const looking = store.get(openChannelAtom) === channel && document.visibilityState === 'visible' && document.hasFocus();
    if (message.publisher === me || looking) return;
    store.set(chatUnreadAtom, (unread) => ({ ...unread, [channel]: (unread[channel] ?? 0) + 1 }));
    if (!document.hasFocus()) {
      const row = store.get(chatChannelsAtom)?.find((c) => c.pubnub_id === channel);
      const title = row ? recipientOf(row).name : 'New message';
      host().invoke('chat.attention', { unread: store.get(chatUnreadTotalAtom), notice: { title, body: message.text.slice(0, 200) } }).catch(() => undefined);
    }
  });

  const countUnread = useEffectEvent(async (pubnub: PubNub, channels: ChatChannel[]) => {
    if (channels.length === 0) return;
    const lastSeen = store.get(chatSettingsAtom).lastSeen;
    const counts = await pubnub.messageCounts({ channels: channels.map((c) => c.pubnub_id), channelTimetokens: channels.map((c) => seenFrom(lastSeen, c)) });
    store.set(chatUnreadAtom, counts.channels);
  });

  useEffect(() => {
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        const [config, channels] = await Promise.all([fetchChatConfig(api.main, who), fetchChannels(api.main, who)]);
        if (!live) return;
        store.set(chatChannelsAtom, channels);
        const pubnub = clientFor(config, keys);
        client.current = pubnub;
        setClient({ pubnub, userId: config.userId });
        pubnub.addListener({
          message: (event) => {
            const data = event.message as { id?: unknown; text?: unknown };
            if (typeof data?.text !== 'string') return;
            received({ id: typeof data.id === 'string' ? data.id : String(event.timetoken), text: data.text, timetoken: String(event.timetoken), publisher: event.publisher ?? '' }, event.channel, config.userId);
          },
          status: (event) => {
            const category = 'category' in event ? event.category : '';
            if (category === 'PNConnectedCategory' || category === 'PNReconnectedCategory') {
              setStatus('online');
              void flushOutbox(pubnub, config.userId, store, updateChat);
              void countUnread(pubnub, channels).catch(() => undefined);
            } else if (/Disconnected|NetworkDown|NetworkIssues|Timeout/.test(category)) setStatus('offline');
          },
        });
        pubnub.subscribe({ channels: channels.slice(0, LIVE_CHANNELS).map((c) => c.pubnub_id) });
      } catch {
        if (!live) return;
        setStatus('offline');
        retry = setTimeout(() => void connect(), RETRY_MS);
      }
    };
    setStatus('connecting');
    void connect();
    return () => {
      live = false;
      clearTimeout(retry);
      client.current?.destroy(true);
      client.current = null;
      setClient(null);
    };
  }, [api.main, who, keys, store, setClient, setStatus, updateChat]);

  // After an outage the subscription resumes from its last timetoken (the SDK keeps its cursor); while offline it is
  // tried every few seconds, and the outbox goes out as soon as a send gets through.
  const status = useAtomValue(chatStatusAtom);
  // The dock or taskbar shows the unread count (Electron); the web host has no badge and answers quietly.
  const total = useAtomValue(chatUnreadTotalAtom);
  useEffect(() => {
    host().invoke('chat.attention', { unread: total, notice: null }).catch(() => undefined);
  }, [total]);
  const me = useAtomValue(chatClientAtom)?.userId ?? null;
  useEffect(() => {
    if (returns > 0) client.current?.reconnect();
  }, [returns]);
  useEffect(() => {
    if (status !== 'offline' || me === null) return;
    const timer = setInterval(() => {
      const pubnub = client.current;
      if (!pubnub) return;
      pubnub.reconnect();
      void flushOutbox(pubnub, me, store, updateChat);
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [status, me, store, updateChat]);

  return null;
}
