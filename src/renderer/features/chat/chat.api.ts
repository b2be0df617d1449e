import type { AxiosInstance } from 'axios';
import { ChatChannelResponseSchema, ChatChannelsResponseSchema, ChatConfigSchema, type ChatChannel, type ChatConfig } from '../../../shared/http/chat.schemas';

/** Who acts: every chat call carries it. */
export interface Who { brand_id: string; user_id: string }

export const fetchChatConfig = async (main: AxiosInstance, who: Who): Promise<ChatConfig> =>
  ChatConfigSchema.parse((await main.get('/chats/config', { params: who })).data);

export const fetchChannels = async (main: AxiosInstance, who: Who): Promise<ChatChannel[]> =>
  ChatChannelsResponseSchema.parse((await main.get('/chats', { params: who })).data).channels;

/** Opens (creating the first time) the brand's channel with a creator. */
export const openChannelWith = async (main: AxiosInstance, who: Who, creatorId: string): Promise<ChatChannel> =>
  ChatChannelResponseSchema.parse((await main.post('/chats', { ...who, recipient_id: creatorId, recipient_kind: 'influencer' })).data).channel;

/** Tells the back end how far the channel was read; its errors are ignored (spec §8). */
export function markChannelRead(main: AxiosInstance, who: Who, channelId: string, timetoken: string): void {
  main.put(`/channels/${encodeURIComponent(channelId)}`, { ...who, data: { read_up_to: timetoken } }).catch(() => undefined);
}
