import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX_CHARS, type ChatChannel, type ChatMessage } from '../../../shared/http/chat.schemas';
import { PUBNUB_MESSAGE_MAX_BYTES, timeOfTimetoken } from '../../../shared/http/pubnub.schemas';
import { useServices } from '../../app/useServices';
import { formatTimeOfDay } from '../../lib/format';
import { toFailure } from '../../lib/httpFailure';
import { FormAlert } from '../../ui/form';
import { markChannelRead, type Who } from './chat.api';
import { chatClientAtom, chatLiveAtom, chatSettingsAtom, chatUnreadAtom, openChannelAtom } from './chat.atoms';
import { mergeMessages, recipientOf, withLastSeen } from './chatState';
import { Avatar } from './ChannelList';
import { useChatSettings } from './useChatSettings';
import { useSendMessage } from './useSendMessage';

const PAGE = 25;
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'full' });
const NO_MESSAGES: readonly ChatMessage[] = [];

interface History { messages: ChatMessage[]; more: boolean }

/** One conversation: history paged backwards, live messages, day separators and times, pending ones marked, and a composer. */
export function Thread({ who, channel }: { who: Who; channel: ChatChannel }) {
  const { api } = useServices();
  const client = useAtomValue(chatClientAtom);
  const live = useAtomValue(chatLiveAtom)[channel.pubnub_id] ?? NO_MESSAGES;
  const outbox = useAtomValue(chatSettingsAtom).outbox;
  const setUnread = useSetAtom(chatUnreadAtom);
  const setOpen = useSetAtom(openChannelAtom);
  const updateChat = useChatSettings();
  const [history, setHistory] = useState<History | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const recipient = recipientOf(channel);
  const me = client?.userId ?? `user-${who.user_id}`;

  const page = async (before: string | null): Promise<History> => {
    if (!client) throw new Error('Chat is not connected yet.');
    const answer = await client.pubnub.fetchMessages({ channels: [channel.pubnub_id], count: PAGE, includeUUID: true, ...(before ? { start: before } : {}) });
    const rows = answer.channels[channel.pubnub_id] ?? [];
    const messages = rows.map((row) => {
      const data = row.message as { id?: string; text?: string };
      return { id: data.id ?? String(row.timetoken), text: String(data.text ?? ''), timetoken: String(row.timetoken), publisher: row.uuid ?? '' };
    });
    return { messages, more: rows.length === PAGE };
  };

  useEffect(() => {
    setOpen(channel.pubnub_id);
    return () => setOpen(null);
  }, [channel.pubnub_id, setOpen]);

  useEffect(() => {
    if (!client) return;
    let current = true;
    page(null).then(
      (first) => current && (setHistory(first), setError(null)),
      (failure: unknown) => current && setError(`The messages could not be loaded: ${toFailure(failure).error}`),
    );
    return () => {
      current = false;
    };
    // A new client (reconnected, another brand) reads the newest page again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, channel.pubnub_id]);

  const shown = mergeMessages(history?.messages ?? [], live);
  const newest = shown.at(-1)?.timetoken ?? null;
  // What is on screen counts as read: the last-seen list moves up, the unread count clears, the back end is told.
  useEffect(() => {
    setUnread((unread) => ({ ...unread, [channel.pubnub_id]: 0 }));
    if (!newest) return;
    void updateChat((chat) => ({ lastSeen: withLastSeen(chat.lastSeen, channel.pubnub_id, newest) }));
    markChannelRead(api.main, who, channel._id, newest);
  }, [newest, channel.pubnub_id, channel._id, api.main, who, setUnread, updateChat]);

  const pending = outbox.filter((entry) => entry.channel === channel.pubnub_id && !shown.some((m) => m.id === entry.id));
  // Braces: scrollIntoView answers a promise in current Chromium, and an effect may only return a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [shown.length, pending.length]);

  const earlier = async () => {
    if (!history || history.messages.length === 0) return;
    setBusy(true);
    try {
      const older = await page(history.messages[0]!.timetoken);
      setHistory({ messages: [...older.messages, ...history.messages], more: older.more });
    } catch (failure) {
      setError(`Earlier messages could not be loaded: ${toFailure(failure).error}`);
    } finally {
      setBusy(false);
    }
  };

  const days = shown.map((message) => DAY.format(timeOfTimetoken(message.timetoken)));
  return (
    <section className="chat-thread" aria-label={`Conversation with ${recipient.name}`}>
      <header className="chat-thread__header">
        <Avatar name={recipient.name} picture={recipient.picture} />
        <h2><bdi>{recipient.name}</bdi></h2>
      </header>
      <div className="chat-thread__messages" role="log" aria-label="Messages" aria-live="polite">
        {history?.more && <button type="button" className="btn btn--small chat-thread__earlier" disabled={busy} aria-busy={busy} onClick={() => void earlier()}>{busy ? 'Loading…' : 'Earlier messages'}</button>}
        {history === null && !error && <p className="chat-loading">Loading the messages…</p>}
        {history !== null && shown.length === 0 && pending.length === 0 && <p className="chat-loading">No messages yet: say hello.</p>}
        {shown.map((message, index) => {
          const at = timeOfTimetoken(message.timetoken);
          const day = days[index]!;
          const separator = index === 0 || day !== days[index - 1] ? <p className="chat-day" role="separator">{day}</p> : null;
          const mine = message.publisher === me;
          return (
            <div key={message.id} className="chat-message-row">
              {separator}
              <div className={`chat-message${mine ? ' chat-message--mine' : ''}`} data-testid="chat-message">
                <p className="chat-message__text"><bdi>{message.text}</bdi></p>
                <time className="chat-message__time" dateTime={at.toISOString()}>{formatTimeOfDay(at)}</time>
              </div>
            </div>
          );
        })}
        {pending.map((entry) => (
          <div key={entry.id} className="chat-message chat-message--mine chat-message--pending" data-testid="chat-message" data-pending="true">
            <p className="chat-message__text"><bdi>{entry.text}</bdi></p>
            <span className="chat-message__time">Waiting to send</span>
          </div>
        ))}
        <div ref={end} />
      </div>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      <Composer channel={channel.pubnub_id} name={recipient.name} />
    </section>
  );
}

function Composer({ channel, name }: { channel: string; name: string }) {
  const send = useSendMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const message = text.trim();
    if (message === '') return;
    if (new TextEncoder().encode(JSON.stringify({ id: crypto.randomUUID(), text: message })).length > PUBNUB_MESSAGE_MAX_BYTES) return setError(`The message is too long: at most ${PUBNUB_MESSAGE_MAX_BYTES / 1024} KB.`);
    setError(null);
    try {
      await send(channel, message);
      setText('');
    } catch (failure) {
      setError(toFailure(failure).error);
    }
  };
  return (
    <form className="chat-composer" onSubmit={(event) => {
      event.preventDefault();
      void submit();
    }}>
      <label className="visually-hidden" htmlFor="chat-composer-text">Message to {name}</label>
      <textarea id="chat-composer-text" className="input chat-composer__text" rows={2} maxLength={CHAT_MESSAGE_MAX_CHARS} value={text} placeholder={`Message ${name}`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void submit();
          }
        }} />
      <button type="submit" className="btn btn--primary" disabled={text.trim() === ''}>Send</button>
      {error && <p className="field__error" role="alert">{error}</p>}
    </form>
  );
}
