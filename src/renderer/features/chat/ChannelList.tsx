import { useAtomValue } from 'jotai';
import type { ChatChannel } from '../../../shared/http/chat.schemas';
import { useServices } from '../../app/useServices';
import { resolveMediaUrl } from '../../ui/player/playerSource';
import { chatUnreadAtom } from './chat.atoms';
import { timeOfTimetoken } from '../../../shared/http/pubnub.schemas';
import { formatDate } from '../../lib/format';
import { recipientOf } from './chatState';

/** A recipient's picture, or their initials. */
export function Avatar({ name, picture }: { name: string; picture: string | null }) {
  const { backend } = useServices();
  const initials = name.split(/\s+/).map((part) => part[0] ?? '').join('').slice(0, 2).toUpperCase();
  return picture ? <img className="chat-avatar" src={resolveMediaUrl(picture, backend.origin)} alt="" /> : <span className="chat-avatar chat-avatar--initials" aria-hidden="true">{initials || '?'}</span>;
}

/** The channels: picture and name, last message, unread count, newest activity first. */
export function ChannelList({ channels, openId, onOpen }: { channels: ChatChannel[]; openId: string | null; onOpen: (id: string) => void }) {
  const unread = useAtomValue(chatUnreadAtom);
  return (
    <nav className="chat-channels" aria-label="Conversations">
      <ul>
        {channels.map((channel) => {
          const recipient = recipientOf(channel);
          const count = unread[channel.pubnub_id] ?? 0;
          return (
            <li key={channel._id}>
              <button type="button" className="chat-channel" aria-current={channel._id === openId ? 'true' : undefined} onClick={() => onOpen(channel._id)}>
                <Avatar name={recipient.name} picture={recipient.picture} />
                <span className="chat-channel__text">
                  <span className="chat-channel__name"><bdi>{recipient.name}</bdi></span>
                  <span className="chat-channel__last"><bdi>{channel.last_message?.text ?? 'No messages yet'}</bdi></span>
                </span>
                <span className="chat-channel__meta">
                  {channel.last_message && <span className="chat-channel__when">{formatDate(timeOfTimetoken(channel.last_message.timetoken))}</span>}
                  {count > 0 && <span className="chat-badge" data-testid="channel-unread">{count}<span className="visually-hidden"> unread</span></span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
