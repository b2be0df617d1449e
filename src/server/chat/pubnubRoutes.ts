import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EMBEDDED_PUBNUB_KEYS, PUBNUB_MAX_CHANNELS, PUBNUB_MESSAGE_MAX_BYTES, PubnubChannelsParamsSchema, PubnubCountsQuerySchema, PubnubCountsResponseSchema,
  PubnubHistoryQuerySchema, PubnubHistoryResponseSchema, PubnubPresenceResponseSchema, PubnubPublishGetParamsSchema, PubnubPublishParamsSchema,
  PubnubPublishQuerySchema, PubnubPublishResponseSchema, PubnubSubscribeQuerySchema, PubnubSubscribeResponseSchema, PubnubCallQuerySchema,
} from '../../shared/http/pubnub.schemas';
import { defineRoute } from '../http/defineRoute';
import { HttpError } from '../http/httpError';
import type { ChatMember } from './chatKeys';
import type { ChatService } from './chatService';
import type { ChannelRow, MessageRow } from '../repositories/chat/chatStore';
import { payloadOf } from '../repositories/chat/chatStore';
import { normalTimetoken } from './timetoken';

/** How long a subscribe waits for a message before answering empty (PubNub's own is 280 s; the SDK gives up at 310 s). */
export const SUBSCRIBE_WAIT_MS = 280_000;
const REGION = 1;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const MESSAGE_TOO_LARGE = `Message Too Large: at most ${PUBNUB_MESSAGE_MAX_BYTES / 1024} KiB.`;
const base = { auth: 'none' as const, tags: ['pubnub'] };

/** The caller of a PubNub call: a genuine, unexpired key issued to the user id it claims in a live session (403 otherwise). */
async function caller(chat: ChatService, query: z.infer<typeof PubnubCallQuerySchema>): Promise<ChatMember> {
  const member = await chat.admit(query.auth, query.uuid);
  if (!member) throw new HttpError(403, 'Forbidden: the auth key is missing, expired, signed out or not for this user id.');
  return member;
}

function checkKey(sub: string, pub?: string): void {
  if (sub !== EMBEDDED_PUBNUB_KEYS.subscribeKey) throw new HttpError(400, 'Invalid Subscribe Key');
  if (pub !== undefined && pub !== EMBEDDED_PUBNUB_KEYS.publishKey) throw new HttpError(400, 'Invalid Publish Key');
}

/** The channels named (comma-separated), each one the caller belongs to; an unknown channel is refused like a foreign one. */
async function memberChannels(chat: ChatService, names: string, member: ChatMember): Promise<ChannelRow[]> {
  const list = [...new Set(names.split(',').filter((name) => name !== ''))];
  if (list.length === 0 || list.length > PUBNUB_MAX_CHANNELS) throw new HttpError(400, `Name 1 to ${PUBNUB_MAX_CHANNELS} channels.`);
  const channels: ChannelRow[] = [];
  for (const name of list) {
    const channel = await chat.store.channel(name);
    if (!channel || !(await chat.store.isMember(channel, member))) throw new HttpError(403, `Forbidden: not a member of channel ${name}.`);
    channels.push(channel);
  }
  return channels;
}

/** A call on channels: the right key, a genuine caller, and every channel one of theirs. */
async function admitted(chat: ChatService, params: { sub: string; channels: string }, query: z.infer<typeof PubnubCallQuerySchema>): Promise<{ member: ChatMember; channels: ChannelRow[] }> {
  checkKey(params.sub);
  const member = await caller(chat, query);
  return { member, channels: await memberChannels(chat, params.channels, member) };
}

/** A published payload as text and client id: our {id, text}, or a bare string from another client. */
function messageOf(raw: string): { text: string; clientId: string | null } {
  if (Buffer.byteLength(raw) > PUBNUB_MESSAGE_MAX_BYTES) throw new HttpError(413, MESSAGE_TOO_LARGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'Invalid JSON: the message must be JSON.');
  }
  const shaped = z.union([z.string(), z.object({ id: z.string().min(1).max(64).optional(), text: z.string() })]).safeParse(parsed);
  if (!shaped.success) throw new HttpError(400, 'A message is a text, or {"id", "text"}.');
  const text = typeof shaped.data === 'string' ? shaped.data : shaped.data.text;
  if (text.trim() === '') throw new HttpError(400, 'A message needs some text.');
  if (CONTROL.test(text)) throw new HttpError(400, 'A message cannot hold control characters.');
  return { text, clientId: typeof shaped.data === 'string' ? null : shaped.data.id ?? null };
}

/** The parts of PubNub's REST protocol the `pubnub` SDK uses for chat, at the paths it calls (issue 15). */
export function registerPubnubRoutes(app: FastifyInstance, chat: ChatService): void {
  defineRoute(app, {
    ...base, method: 'GET', url: '/time/0', summary: "PubNub time: the back end's current timetoken", response: { 200: z.tuple([z.number()]) },
    handler: (): [number] => [Number(chat.clock.current())],
  });

  // Answered only once the message is stored (and its channel's subscribers woken).
  const publish = async (query: z.infer<typeof PubnubPublishQuerySchema>, params: z.infer<typeof PubnubPublishParamsSchema>, raw: string) => {
    checkKey(params.sub, params.pub);
    const member = await caller(chat, query);
    const [channel] = await memberChannels(chat, params.channel, member);
    const { text, clientId } = messageOf(raw);
    return [1, 'Sent', await chat.publish(channel!, member, text, clientId)] as [1, 'Sent', string];
  };

  defineRoute(app, {
    ...base, method: 'GET', url: '/publish/:pub/:sub/0/:channel/0/:payload', summary: 'PubNub publish (the message JSON in the path): answers [1, "Sent", timetoken]',
    params: PubnubPublishGetParamsSchema, query: PubnubPublishQuerySchema, response: { 200: PubnubPublishResponseSchema },
    handler: ({ params, query }) => publish(query, params, params.payload),
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/publish/:pub/:sub/0/:channel/0', summary: 'PubNub publish by POST (the message JSON as the body, deflated or gzipped as the SDK sends it)',
    // Inflated up to twice PubNub's message limit, so a small compressed body cannot grow into a large one.
    bodyLimit: PUBNUB_MESSAGE_MAX_BYTES * 2, compressedBody: { tooLargeMessage: MESSAGE_TOO_LARGE },
    params: PubnubPublishParamsSchema, query: PubnubPublishQuerySchema, body: z.unknown(), response: { 200: PubnubPublishResponseSchema },
    handler: ({ params, query, body }) => publish(query, params, JSON.stringify(body ?? null)),
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/v2/subscribe/:sub/:channels/0',
    summary: 'PubNub subscribe: tt absent or 0 answers the current timetoken at once; otherwise the messages after tt, waiting up to 280 s for one',
    params: PubnubChannelsParamsSchema, query: PubnubSubscribeQuerySchema, response: { 200: PubnubSubscribeResponseSchema },
    handler: async ({ params, query, reply }) => {
      const { channels } = await admitted(chat, params, query);
      const since = normalTimetoken(query.tt ?? '0')!;
      if (await chat.isAhead(since)) throw new HttpError(400, 'Invalid timetoken: it is later than the back end\'s clock. Subscribe again with tt=0.');
      if (/^0+$/.test(since)) return { t: { t: await chat.readBound(), r: REGION }, m: [] };
      // The response closing before it is sent means the client went away: stop waiting for it.
      const done = new AbortController();
      reply.raw.once('close', () => done.abort());
      let delivered: { rows: MessageRow[]; next: string };
      try {
        // After a wait, nothing is delivered on an ended key (the holder may have signed out meanwhile).
        delivered = await chat.longPoll(channels, since, done.signal, () => caller(chat, query));
      } finally {
        done.abort();
      }
      const { rows, next } = delivered;
      return {
        t: { t: next, r: REGION },
        m: rows.map((row) => ({ a: '1', f: 0, i: row.publisher, p: { t: row.timetoken, r: REGION }, k: params.sub, c: row.pubnub_id, d: payloadOf(row) })),
      };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/v3/history/sub-key/:sub/channel/:channels', summary: 'PubNub fetch messages: the newest max (≤ 100) before start and from end, oldest first',
    params: PubnubChannelsParamsSchema, query: PubnubHistoryQuerySchema, response: { 200: PubnubHistoryResponseSchema },
    handler: async ({ params, query }) => {
      const { channels } = await admitted(chat, params, query);
      const start = query.start ? normalTimetoken(query.start) : null;
      const end = query.end ? normalTimetoken(query.end) : null;
      const result: Record<string, { message: { id: string; text: string }; timetoken: string; uuid?: string; message_type: null }[]> = {};
      for (const channel of channels) {
        result[channel.pubnub_id] = (await chat.store.history(channel.id, start, end, query.max)).map((row) => ({
          message: payloadOf(row), timetoken: row.timetoken, message_type: null, ...(query.include_uuid === 'true' ? { uuid: row.publisher } : {}),
        }));
      }
      return { status: 200 as const, error: false as const, error_message: '' as const, channels: result };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/v3/history/sub-key/:sub/message-counts/:channels', summary: 'PubNub message counts: messages after timetoken (one for all) or channelsTimetoken (one per channel)',
    params: PubnubChannelsParamsSchema, query: PubnubCountsQuerySchema, response: { 200: PubnubCountsResponseSchema },
    handler: async ({ params, query }) => {
      const { channels } = await admitted(chat, params, query);
      const tokens = query.channelsTimetoken !== undefined ? query.channelsTimetoken.split(',') : channels.map(() => query.timetoken ?? '');
      if (tokens.length !== channels.length) throw new HttpError(400, 'Give one timetoken, or one per channel.');
      const counts: Record<string, number> = {};
      for (const [index, channel] of channels.entries()) {
        const since = normalTimetoken(tokens[index]);
        if (since === null) throw new HttpError(400, 'A timetoken is up to 17 digits.');
        counts[channel.pubnub_id] = await chat.store.countAfter(channel.id, since);
      }
      return { status: 200 as const, error: false as const, error_message: '' as const, channels: counts };
    },
  });

  for (const action of ['leave', 'heartbeat'] as const) {
    defineRoute(app, {
      ...base, method: 'GET', url: `/v2/presence/sub-key/:sub/channel/:channels/${action}`, summary: `PubNub presence ${action} (acknowledged; presence is not tracked)`,
      params: PubnubChannelsParamsSchema, query: PubnubCallQuerySchema, response: { 200: PubnubPresenceResponseSchema },
      handler: async ({ params, query }) => {
        await admitted(chat, params, query);
        return { status: 200 as const, message: 'OK' as const, service: 'Presence' as const };
      },
    });
  }
}
