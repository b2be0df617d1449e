import type { FastifyInstance } from 'fastify';
import { ROLE_VIP_INFLUENCER } from '../../../../shared/constants';
import { ErrorMessage208Schema, HttpErrorSchema, LoginBodySchema, SessionResponseSchema } from '../../../../shared/http/auth.schemas';
import { MESSAGES } from '../../../../shared/messages';
import { isValidEmail } from '../../../../shared/rules/validation';
import { verifyPassword } from '../../../auth/passwords';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError } from '../../../http/httpError';
import { reply208 } from './reply208';

/** POST /login: email and password sign-in, rate limited per client on failures. */
export function registerLoginRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/login',
    summary: 'Sign in with email and password',
    auth: 'none',
    body: LoginBodySchema,
    response: { 200: SessionResponseSchema, 208: ErrorMessage208Schema, 403: HttpErrorSchema, 429: HttpErrorSchema },
    handler: async ({ body, request, reply }) => {
      const client = request.ip;
      if (ctx.loginLimiter.isBlocked(client)) throw new HttpError(429, MESSAGES.tooManyAttempts);
      const fail = (message: string) => {
        ctx.loginLimiter.recordFailure(client);
        return reply208(reply, message);
      };

      if (!isValidEmail(body.email)) return fail(MESSAGES.invalidCredentials);
      const user = ctx.repos.users.findByEmail(body.email);
      if (!user) return fail(MESSAGES.emailNotConnected);
      if (!(await verifyPassword(body.password, user.passwordHash))) return fail(MESSAGES.invalidPassword);
      // Creator accounts are refused before any token exists (spec §6).
      if (user.roles.includes(ROLE_VIP_INFLUENCER)) throw new HttpError(403, MESSAGES.vipRefused, ROLE_VIP_INFLUENCER);

      const signedInAt = ctx.now().toISOString();
      ctx.repos.users.updateLastSignIn(user.id, signedInAt);
      return ctx.sessions.issue({ ...user, lastSignInAt: signedInAt }, null);
    },
  });
}
