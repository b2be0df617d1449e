import type { ChatChannel, ChatMessage } from '../../../shared/http/chat.schemas';
import { NOT_FOUND_RECIPIENT } from '../../../shared/http/chat.schemas';
import type { ChatSettings } from '../../../shared/ipc/settings.schemas';

type LastSeen = ChatSettings['lastSeen'];

/** The last-seen list with a channel's entry replaced, or appended when it has none (spec §3); never moves back. */
export function withLastSeen(list: LastSeen, pubnubId: string, timetoken: string): LastSeen {
  const index = list.findIndex((entry) => entry.pubnub_id === pubnubId);
  if (index < 0) return [...list, { pubnub_id: pubnubId, timetoken }];
  if (list[index]!.timetoken >= timetoken) return list;
  return list.map((entry, at) => (at === index ? { pubnub_id: pubnubId, timetoken } : entry));
}

/** Where counting a channel's unread messages starts: this computer's last-seen entry, else what the back end knows was read. */
export function seenFrom(list: LastSeen, channel: Pick<ChatChannel, 'pubnub_id' | 'read_up_to'>): string {
  return list.find((entry) => entry.pubnub_id === channel.pubnub_id)?.timetoken ?? channel.read_up_to ?? '0'.padStart(17, '0');
}

/** A channel's recipient as a name and picture: the creator, the user, or the placeholder 'Not Found' (spec §8). */
export function recipientOf(channel: ChatChannel): { name: string; picture: string | null; pubnubUserId: string | null } {
  const { influencer, user } = channel.recipient;
  if (influencer) return { name: influencer.name, picture: influencer.picture, pubnubUserId: influencer.pubnub_user_id };
  if (user) return { name: `${user.first_name} ${user.last_name}`.trim() || NOT_FOUND_RECIPIENT, picture: user.picture, pubnubUserId: user.pubnub_user_id };
  return { name: NOT_FOUND_RECIPIENT, picture: null, pubnubUserId: null };
}

/** Messages in timetoken order with each id once (history, live events and a retried send may repeat one). */
export function mergeMessages(...lists: readonly (readonly ChatMessage[])[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const list of lists) for (const message of list) if (!byId.has(message.id)) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => (a.timetoken < b.timetoken ? -1 : a.timetoken > b.timetoken ? 1 : 0));
}

/** Channels with their newest activity first (a live message moves its channel up). */
export function byActivity(channels: readonly ChatChannel[]): ChatChannel[] {
  const key = (channel: ChatChannel) => channel.last_message?.timetoken ?? '';
  return [...channels].sort((a, b) => (key(a) > key(b) ? -1 : key(a) < key(b) ? 1 : (b.last_message_at ?? b.created_at).localeCompare(a.last_message_at ?? a.created_at)));
}
