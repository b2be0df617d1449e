import type { FastifyInstance } from 'fastify';
import {
  LogoutBodySchema,
  MessageResponseSchema,
  SessionGetResponseSchema,
  SessionPutBodySchema,
  SessionResponseSchema,
} from '../../../../shared/http/auth.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { unauthorized } from '../../../http/httpError';
import { HTTP_MESSAGES } from '../../../http/httpMessages';

/** GET /session, PUT /session (token rotation or brand switch) and POST /logout. */
export function registerSessionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/session',
    summary: 'The session of the bearer',
    auth: 'bearer',
    response: { 200: SessionGetResponseSchema },
    handler: async ({ auth }) => {
      const user = await ctx.repos.users.findById(auth.userId);
      if (!user) throw unauthorized();
      return ctx.sessions.buildSession(user, auth.brandId);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/session',
    summary: 'Rotate the token pair (refresh_token, no bearer) or switch the current brand (brand_id, bearer)',
    // A refresh needs no bearer (the access jwt has usually expired); a brand switch does.
    auth: 'optional',
    body: SessionPutBodySchema,
    response: { 200: SessionResponseSchema },
    handler: async ({ body, auth, request }) => {
      if ('refresh_token' in body) return ctx.sessions.rotate(body.refresh_token);
      // Without a usable bearer, authenticate again to answer the precise 401 (missing, invalid or expired).
      const caller = auth ?? (await app.authenticate(request.headers.authorization));
      return ctx.sessions.switchBrand(caller.userId, body.brand_id, caller.sessionId);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/logout',
    summary: 'Sign out: revoke the refresh token and the rest of its session (the chat auth key with it)',
    auth: 'none',
    body: LogoutBodySchema,
    response: { 200: MessageResponseSchema },
    handler: async ({ body }) => {
      if (body.refresh_token) await ctx.sessions.revoke(body.refresh_token);
      return { message: HTTP_MESSAGES.signedOut };
    },
  });
}
