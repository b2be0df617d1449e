import type { FastifyInstance } from 'fastify';
import { ErrorMessage208Schema, HttpErrorSchema, LoginBodySchema, SessionResponseSchema } from '../../../../shared/http/auth.schemas';
import { MESSAGES } from '../../../../shared/messages';
import { isValidEmail } from '../../../../shared/rules/validation';
import { verifyPassword } from '../../../auth/passwords';
import { answered208, withAddressProbe } from '../../../auth/addressProbes';
import { assertMayHaveSession } from '../../../auth/sessionEligibility';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError } from '../../../http/httpError';
import { reply208 } from './reply208';

/**
 * The limiter's key: the account asked for and the client's address. Per address alone, on loopback every person
 * shares one key and a stranger's failures lock everyone out; per account alone, anyone could lock any account.
 */
function attemptKey(address: string, email: string): string {
  return `${address}\u0000${email.trim().toLowerCase()}`;
}

/** POST /login: email and password sign-in, rate limited per account and client on failures, and per client across accounts. */
export function registerLoginRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/login',
    summary: 'Sign in with email and password',
    auth: 'none',
    body: LoginBodySchema,
    response: { 200: SessionResponseSchema, 208: ErrorMessage208Schema, 403: HttpErrorSchema, 429: HttpErrorSchema },
    handler: ({ body, request, reply }) => withAddressProbe(ctx.addressLimiter, request.ip, async () => {
      // Reserved before the password is checked, so parallel attempts cannot all pass while scrypt runs.
      const ticket = await ctx.loginLimiter.reserve(attemptKey(request.ip, body.email));
      if (!ticket) throw new HttpError(429, MESSAGES.tooManyAttempts);
      try {
        const fail = async (message: string) => {
          await ticket.fail();
          return reply208(reply, message);
        };
        if (!isValidEmail(body.email)) return fail(MESSAGES.invalidCredentials);
        const user = await ctx.repos.users.findByEmail(body.email);
        if (!user) return fail(MESSAGES.emailNotConnected);
        if (!(await verifyPassword(body.password, user.passwordHash))) return fail(MESSAGES.invalidPassword);
        await ticket.succeed();
        // Creator accounts and unconfirmed registrations are refused before any token exists (spec §4, §6).
        assertMayHaveSession(user);
        const signedInAt = ctx.now().toISOString();
        await ctx.repos.users.updateLastSignIn(user.id, signedInAt);
        return await ctx.sessions.issue({ ...user, lastSignInAt: signedInAt }, null);
      } finally {
        await ticket.release();
      }
    }, answered208(reply)),
  });
}
