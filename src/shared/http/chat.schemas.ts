/**
 * Chat (spec §2, §3, §7, §8; issue 15), under /jwt_api. Messages travel over the PubNub protocol (pubnub.schemas);
 * these routes name the channels and hand out what a client needs to connect.
 */
import { z } from 'zod';
import { IdentitySchema, id } from './videoList.schemas';

/** What the `pubnub` SDK is configured with: the embedded back end's, or PubNub's with keys from the settings. */
export const ChatConfigSchema = z.object({
  publishKey: z.string(),
  subscribeKey: z.string(),
  origin: z.string(),
  secure: z.boolean(),
  userId: z.string(),
  authKey: z.string(),
});
export type ChatConfig = z.infer<typeof ChatConfigSchema>;

/** A channel's recipient: a user or a creator (influencer); both null when the recipient no longer exists (§8). */
export const ChatRecipientSchema = z.object({
  user: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string(), picture: z.string().nullable(), pubnub_user_id: z.string() }).nullable(),
  influencer: z.object({ _id: z.string(), name: z.string(), handle: z.string(), picture: z.string().nullable(), pubnub_user_id: z.string() }).nullable(),
});
export type ChatRecipient = z.infer<typeof ChatRecipientSchema>;

export const ChatChannelSchema = z.object({
  _id: z.string(),
  pubnub_id: z.string(),
  brand_id: z.string(),
  recipient: ChatRecipientSchema,
  last_message: z.object({ text: z.string(), timetoken: z.string(), publisher: z.string() }).nullable(),
  last_message_at: z.string().nullable(),
  created_at: z.string(),
  /** The newest message the brand side has read or written: where unread counting starts when this computer has no last-seen entry. */
  read_up_to: z.string().nullable(),
});
export type ChatChannel = z.infer<typeof ChatChannelSchema>;

export const ChatChannelsResponseSchema = z.object({ channels: z.array(ChatChannelSchema) });
export const ChatChannelResponseSchema = z.object({ channel: ChatChannelSchema });

export const ChatIdParamsSchema = z.object({ id });
/** GET /chats/{id}: a channel id, or with is_video_author_id=true the creator who made a video (its channel with the brand). */
export const ChatGetQuerySchema = IdentitySchema.extend({ is_video_author_id: z.enum(['true', 'false']).default('false') });
/** POST /chats: opens the brand's channel with a creator (default) or a user, creating it the first time. */
export const ChatCreateBodySchema = IdentitySchema.extend({ recipient_id: id, recipient_kind: z.enum(['influencer', 'user']).default('influencer') });
/** PUT /channels/{id}: `read_up_to` marks the recipient's messages up to a timetoken as read. */
export const ChannelUpdateBodySchema = IdentitySchema.extend({
  data: z.object({ read_up_to: z.string().regex(/^\d{17}$/, 'a timetoken is 17 digits').optional() }).strict(),
});

/** A message as the screen shows it (from history, a live event, or the local outbox while pending). */
export const ChatMessageSchema = z.object({ id: z.string(), text: z.string(), timetoken: z.string(), publisher: z.string() });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export const CHAT_MESSAGE_MAX_CHARS = 8000;
export const NOT_FOUND_RECIPIENT = 'Not Found';
