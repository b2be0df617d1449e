import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { EmptyState, PageHeader } from '../../ui/page';
import { chatChannelsAtom, chatStatusAtom } from './chat.atoms';
import { byActivity } from './chatState';
import { ChannelList } from './ChannelList';
import { Thread } from './Thread';
import './chat.css';

const STATUS_TEXT = { connecting: 'Connecting…', online: 'Connected', offline: 'Offline: messages you write are kept and sent when the connection returns.' } as const;

/** Chat (spec §2): the brand's channels with creators, newest activity first, and the open conversation. */
export function ChatScreen() {
  const who = useAtomValue(actingIdentityAtom);
  const channels = useAtomValue(chatChannelsAtom);
  const status = useAtomValue(chatStatusAtom);
  const [params, setParams] = useSearchParams();
  const ordered = channels ? byActivity(channels) : null;
  const open = ordered?.find((channel) => channel._id === params.get('channel')) ?? null;
  return (
    <div className="page chat-page">
      <PageHeader title="Chat" description="Conversations with creators, one channel per recipient." />
      <p className={`chat-status chat-status--${status}`} role="status">{STATUS_TEXT[status]}</p>
      {!who ? <EmptyState title="No brand yet">Connect a brand to chat with creators.</EmptyState> : ordered === null ? (
        <p className="chat-loading">Loading the conversations…</p>
      ) : ordered.length === 0 ? (
        <EmptyState title="No conversations yet">Start a conversation from a creator’s page (“Message creator”) to talk about a collaboration.</EmptyState>
      ) : (
        <div className="chat-layout">
          <ChannelList channels={ordered} openId={open?._id ?? null} onOpen={(id) => setParams({ channel: id })} />
          {open ? <Thread key={open._id} who={who} channel={open} /> : (
            <section className="chat-thread chat-thread--empty" aria-label="Conversation"><p>Choose a conversation.</p></section>
          )}
        </div>
      )}
    </div>
  );
}
