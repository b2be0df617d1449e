import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ChannelUpdateBodySchema, ChatChannelResponseSchema, ChatChannelsResponseSchema, ChatConfigSchema, ChatCreateBodySchema, ChatGetQuerySchema, ChatIdParamsSchema,
} from '../../../../shared/http/chat.schemas';
import { EMBEDDED_PUBNUB_KEYS } from '../../../../shared/http/pubnub.schemas';
import { IdentitySchema } from '../../../../shared/http/videoList.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { found, HttpError, unauthorized } from '../../../http/httpError';
import { MESSAGES } from '../../../../shared/messages';
import { visibleCreator } from '../creators/creatorAccess';
import { actingBrand } from '../videos/videoAccess';

/** Chat routes (issue 15, spec §7): the config to connect, the brand's channels, opening one, marking it read. */
export function registerChatRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { chatChannels: channels, creators } = ctx.repos;
  const base = { auth: 'bearer' as const, tags: ['chat'] };

  defineRoute(app, {
    ...base, method: 'GET', url: '/chats/config', summary: 'What the pubnub SDK needs to connect to this back end: keys, origin, the user id and its auth key',
    query: IdentitySchema, response: { 200: ChatConfigSchema },
    handler: async ({ request, auth }) => {
      const acting = await actingBrand(request, ctx.videos);
      const userId = `user-${acting.userId}`;
      // The key lives with the bearer's session: signing out (or a revoked session) ends it.
      if (auth.sessionId === null) throw unauthorized(MESSAGES.sessionExpired);
      return { ...EMBEDDED_PUBNUB_KEYS, origin: request.headers.host ?? '127.0.0.1', secure: request.protocol === 'https', userId, authKey: ctx.chat.keys.issue(userId, auth.sessionId) };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/chats', summary: "The acting brand's channels with their recipient and last message, newest activity first",
    query: IdentitySchema, response: { 200: ChatChannelsResponseSchema },
    handler: async ({ request }) => ({ channels: await channels.list((await actingBrand(request, ctx.videos)).brandId) }),
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/chats/:id', summary: 'A channel by id, or with is_video_author_id=true the channel with the creator of that id (a video\'s author)',
    params: ChatIdParamsSchema, query: ChatGetQuerySchema, response: { 200: ChatChannelResponseSchema },
    handler: async ({ params, query, request }) => {
      const acting = await actingBrand(request, ctx.videos);
      const channel = query.is_video_author_id === 'true' ? await channels.withRecipient(acting.brandId, 'influencer', params.id) : await channels.find(params.id, acting.brandId);
      return { channel: found(channel) };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/chats', summary: 'Opens the brand\'s channel with a creator (or a user: a member of the brand or the account of one of its creators; anyone else 404), creating it the first time; answers it',
    body: ChatCreateBodySchema, response: { 200: ChatChannelResponseSchema.extend({ created: z.boolean() }) },
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, ctx.videos);
      if (body.recipient_kind === 'influencer') await visibleCreator(creators, acting, body.recipient_id);
      // A stranger's id answers exactly as an unknown one, so the route tells nobody who exists (nor their name).
      else if (body.recipient_id === acting.userId || !(await channels.userReachable(acting.brandId, body.recipient_id))) throw new HttpError(404, 'No such user to chat with.');
      const existing = await channels.withRecipient(acting.brandId, body.recipient_kind, body.recipient_id);
      if (existing) return { channel: existing, created: false };
      const id = await channels.create(acting.brandId, acting.userId, body.recipient_kind, body.recipient_id, ctx.now());
      return { channel: found(await channels.find(id, acting.brandId)), created: true };
    },
  });

  defineRoute(app, {
    ...base, method: 'PUT', url: '/channels/:id', summary: 'Updates a channel: read_up_to marks the recipient\'s messages up to a timetoken as read; answers the channel',
    params: ChatIdParamsSchema, body: ChannelUpdateBodySchema, response: { 200: ChatChannelResponseSchema },
    handler: async ({ params, body, request }) => {
      const acting = await actingBrand(request, ctx.videos);
      const channel = found(await channels.find(params.id, acting.brandId));
      if (body.data.read_up_to) await channels.markRead(channel._id, body.data.read_up_to, `user-${acting.userId}`, ctx.now());
      return { channel };
    },
  });
}
