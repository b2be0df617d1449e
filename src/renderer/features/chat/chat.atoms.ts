import { atom } from 'jotai';
import type PubNub from 'pubnub';
import type { ChatChannel, ChatMessage } from '../../../shared/http/chat.schemas';
import { settingsAtom } from '../../app/boot/boot.atoms';
import { DEFAULT_CHAT_SETTINGS, type ChatSettings } from '../../../shared/ipc/settings.schemas';

/** The connected client and who it speaks as; null until the config is read. */
export const chatClientAtom = atom<{ pubnub: PubNub; userId: string } | null>(null);
/** online: subscribed; offline: the back end or the network is away (messages wait in the outbox). */
export const chatStatusAtom = atom<'connecting' | 'online' | 'offline'>('connecting');
/** The brand's channels, live: a message moves its channel up and updates its last line. */
export const chatChannelsAtom = atom<ChatChannel[] | null>(null);
/** Unread messages per pubnub_id. */
export const chatUnreadAtom = atom<Record<string, number>>({});
/** Messages that arrived live, per pubnub_id (the open thread merges them with its history). */
export const chatLiveAtom = atom<Record<string, ChatMessage[]>>({});
/** The channel on screen (its messages count as read while the window has focus). */
export const openChannelAtom = atom<string | null>(null);
/** Chat settings kept by the host: the last-seen list, the outbox and optional PubNub keys. */
export const chatSettingsAtom = atom<ChatSettings>((get) => get(settingsAtom)?.chat ?? DEFAULT_CHAT_SETTINGS);
/** Every unread message, for the navigation badge. */
export const chatUnreadTotalAtom = atom((get) => Object.values(get(chatUnreadAtom)).reduce((sum, count) => sum + count, 0));
