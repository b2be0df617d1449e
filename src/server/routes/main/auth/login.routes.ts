import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorMessage208Schema, HttpErrorSchema, LoginBodySchema, SessionResponseSchema, type LoginBody } from '../../../../shared/http/auth.schemas';
import { MESSAGES } from '../../../../shared/messages';
import { isValidEmail } from '../../../../shared/rules/validation';
import { hashPassword, verifyPassword } from '../../../auth/passwords';
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

/**
 * Checked against an unknown email while the address is full, so that answer takes a password check's time like the
 * others: the same 429 for every failure would still tell accounts apart by how long it took.
 */
let unknownAccountHash: Promise<string> | null = null;

/**
 * POST /login: email and password sign-in, rate limited per account and client on failures, and per client across
 * accounts. Many people share one address (every desktop client is 127.0.0.1; a team server without trusted proxies
 * sees its balancer), so a full address does not lock their right passwords out: it still checks the password of an
 * account that has no failed sign-in from there in the window, and answers every failure with the address's 429, which
 * tells nothing about the account.
 */
export function registerLoginRoutes(app: FastifyInstance, ctx: ServerContext): void {
  async function signIn(body: LoginBody, address: string, reply: FastifyReply, addressFull: boolean) {
    const key = attemptKey(address, body.email);
    // Reserved before the password is checked, so parallel attempts cannot all pass while scrypt runs. A full address
    // checks only an account with no failed sign-in from it in the window; before, the account's own limit holds and
    // each attempt is recorded for that check.
    const ticket = await (addressFull ? ctx.accountLimiter : ctx.loginLimiter).reserve(key);
    if (!ticket) throw new HttpError(429, addressFull ? MESSAGES.tooManyAddressAttempts : MESSAGES.tooManyAttempts);
    const recorded = addressFull ? null : await ctx.accountLimiter.record(key);
    try {
      const fail = async (message: string) => {
        await ticket.fail();
        await recorded?.fail();
        if (addressFull) throw new HttpError(429, MESSAGES.tooManyAddressAttempts);
        return reply208(reply, message);
      };
      if (!isValidEmail(body.email)) return await fail(MESSAGES.invalidCredentials);
      const user = await ctx.repos.users.findByEmail(body.email);
      if (!user) {
        if (addressFull) await verifyPassword(body.password, await (unknownAccountHash ??= hashPassword(randomUUID())));
        return await fail(MESSAGES.emailNotConnected);
      }
      if (!(await verifyPassword(body.password, user.passwordHash))) return await fail(MESSAGES.invalidPassword);
      await ticket.succeed();
      await recorded?.succeed();
      // Creator accounts and unconfirmed registrations are refused before any token exists (spec §4, §6).
      assertMayHaveSession(user);
      const signedInAt = ctx.now().toISOString();
      await ctx.repos.users.updateLastSignIn(user.id, signedInAt);
      return await ctx.sessions.issue({ ...user, lastSignInAt: signedInAt }, null);
    } finally {
      await ticket.release();
      await recorded?.release();
    }
  }

  defineRoute(app, {
    method: 'POST',
    url: '/login',
    summary: 'Sign in with email and password',
    auth: 'none',
    body: LoginBodySchema,
    response: { 200: SessionResponseSchema, 208: ErrorMessage208Schema, 403: HttpErrorSchema, 429: HttpErrorSchema },
    handler: ({ body, request, reply }) =>
      withAddressProbe(ctx.addressLimiter, request.ip, () => signIn(body, request.ip, reply, false), answered208(reply), () => signIn(body, request.ip, reply, true)),
  });
}
