/**
 * The part of PubNub's REST protocol the embedded back end answers (issue 15), as the `pubnub` SDK sends it: every
 * call carries `uuid` (the PubNub user id) and `auth` (the key from GET /jwt_api/chats/config); `pnsdk` and the
 * SDK's other bookkeeping parameters are accepted and ignored.
 */
import { z } from 'zod';

/** The embedded back end's key pair: not secrets (the auth key is what admits a call), only the names the SDK sends. */
export const EMBEDDED_PUBNUB_KEYS = { publishKey: 'pub-c-reelscope-embedded', subscribeKey: 'sub-c-reelscope-embedded' } as const;
/** PubNub's limit on a published message (the JSON as sent). */
export const PUBNUB_MESSAGE_MAX_BYTES = 32 * 1024;
/** Channels one subscribe may name. */
export const PUBNUB_MAX_CHANNELS = 50;
/** Messages one history call answers at most (PubNub's own limit for one channel). */
export const PUBNUB_HISTORY_MAX = 100;

const timetoken = z.string().regex(/^\d{1,17}$/, 'a timetoken is up to 17 digits');
/** Query parameters every call may carry. */
export const PubnubCallQuerySchema = z.looseObject({
  uuid: z.string().max(100).optional(),
  auth: z.string().max(200).optional(),
  pnsdk: z.string().max(200).optional(),
  requestid: z.string().max(100).optional(),
  instanceid: z.string().max(100).optional(),
});
export const PubnubKeyParamsSchema = z.object({ sub: z.string().max(100) });
export const PubnubChannelsParamsSchema = PubnubKeyParamsSchema.extend({ channels: z.string().min(1).max(4000) });
export const PubnubPublishParamsSchema = z.object({ pub: z.string().max(100), sub: z.string().max(100), channel: z.string().min(1).max(200) });
export const PubnubPublishGetParamsSchema = PubnubPublishParamsSchema.extend({ payload: z.string().max(PUBNUB_MESSAGE_MAX_BYTES * 4) });
export const PubnubPublishQuerySchema = PubnubCallQuerySchema.extend({ store: z.enum(['0', '1']).optional(), meta: z.string().max(4096).optional() });
export const PubnubSubscribeQuerySchema = PubnubCallQuerySchema.extend({
  tt: timetoken.optional(),
  tr: z.string().regex(/^\d{1,4}$/).optional(),
  heartbeat: z.string().max(10).optional(),
  ee: z.string().max(10).optional(),
  'filter-expr': z.string().max(1000).optional(),
  'channel-group': z.string().max(1000).optional(),
});
export const PubnubHistoryQuerySchema = PubnubCallQuerySchema.extend({
  max: z.coerce.number().int().min(1).max(PUBNUB_HISTORY_MAX).default(25),
  start: timetoken.optional(),
  end: timetoken.optional(),
  include_uuid: z.string().max(5).optional(),
  include_message_type: z.string().max(5).optional(),
  include_meta: z.string().max(5).optional(),
  include_custom_message_type: z.string().max(5).optional(),
  string_message_token: z.string().max(5).optional(),
});
export const PubnubCountsQuerySchema = PubnubCallQuerySchema.extend({ timetoken: timetoken.optional(), channelsTimetoken: z.string().max(4000).optional() });

/** The time a timetoken stands for (17 digits of 100 ns since the epoch: the last four are inside the millisecond). */
export const timeOfTimetoken = (timetoken: string): Date => new Date(Number(timetoken.slice(0, -4) || '0'));

/** Our messages: the client's id (for dedupe across retries and devices) and the text. */
export const ChatPayloadSchema = z.object({ id: z.string().min(1).max(64), text: z.string() });
export type ChatPayload = z.infer<typeof ChatPayloadSchema>;

const cursor = z.object({ t: z.string(), r: z.number().int() });
export const PubnubSubscribeResponseSchema = z.object({
  t: cursor,
  m: z.array(z.object({ a: z.string(), f: z.number().int(), i: z.string(), p: cursor, k: z.string(), c: z.string(), d: ChatPayloadSchema })),
});
export const PubnubPublishResponseSchema = z.tuple([z.literal(1), z.literal('Sent'), z.string()]);
export const PubnubHistoryResponseSchema = z.object({
  status: z.literal(200), error: z.literal(false), error_message: z.literal(''),
  channels: z.record(z.string(), z.array(z.object({ message: ChatPayloadSchema, timetoken: z.string(), uuid: z.string().optional(), message_type: z.null().optional() }))),
});
export const PubnubCountsResponseSchema = z.object({
  status: z.literal(200), error: z.literal(false), error_message: z.literal(''), channels: z.record(z.string(), z.number().int()),
});
export const PubnubPresenceResponseSchema = z.object({ status: z.literal(200), message: z.literal('OK'), service: z.literal('Presence') });
