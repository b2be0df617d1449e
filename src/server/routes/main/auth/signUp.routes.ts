import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ROLE_BRAND_MANAGER } from '../../../../shared/constants';
import { ErrorMessage208Schema, GoogleSignUpBodySchema, HttpErrorSchema, SessionResponseSchema, SignUpBodySchema } from '../../../../shared/http/auth.schemas';
import { answered208, withAddressProbe } from '../../../auth/addressProbes';
import { createGoogleVerifier, googleSignInConfig } from '../../../auth/googleSignIn';
import { MESSAGES } from '../../../../shared/messages';
import { isValidEmail } from '../../../../shared/rules/validation';
import { hashPassword } from '../../../auth/passwords';
import type { ServerContext } from '../../../context';
import { isUniqueViolation } from '../../../repositories/accountTransaction';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError, badRequest } from '../../../http/httpError';
import { HTTP_MESSAGES } from '../../../http/httpMessages';
import { reply208 } from './reply208';

type NewManager = { id: string; email: string; passwordHash: string; firstName: string; lastName: string; at: string };

/** A brand manager and their first brand, in one transaction; false when the email was taken meanwhile (the UNIQUE index decides). */
async function createManager(ctx: ServerContext, fields: NewManager, brandName: string) {
  const user = { ...fields, roles: [ROLE_BRAND_MANAGER], registrationCompleted: true, createdAt: fields.at };
  try {
    await ctx.repos.inAccountTransaction(async (tx) => {
      await tx.users.create(user);
      await tx.brands.createOwned(user.id, { id: randomUUID(), name: brandName, createdAt: fields.at });
      await tx.users.updateLastSignIn(user.id, fields.at);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  return { ...user, picture: null, lastSignInAt: fields.at };
}

/** POST /login/user_sign_up, and Google sign-up where a provider is configured (a hosted back end). */
export function registerSignUpRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/login/user_sign_up',
    summary: 'Create a brand manager account with its first brand',
    auth: 'none',
    body: SignUpBodySchema,
    response: { 200: SessionResponseSchema, 208: ErrorMessage208Schema, 429: HttpErrorSchema },
    // "already an account" tells a known email: it counts against the client's address (a new account does not).
    handler: ({ body, reply, request }) => withAddressProbe(ctx.addressLimiter, request.ip, async () => {
      if (!isValidEmail(body.email)) throw badRequest(HTTP_MESSAGES.invalidEmail);
      if (await ctx.repos.users.findByEmail(body.email)) return reply208(reply, MESSAGES.emailAlreadyUsed);

      const at = ctx.now().toISOString();
      const fields = { id: randomUUID(), email: body.email, passwordHash: await hashPassword(body.password), firstName: body.first_name, lastName: body.last_name, at };
      // Two sign-ups with one email can race past the check above; the UNIQUE index decides.
      const user = await createManager(ctx, fields, body.brand_name);
      if (!user) return reply208(reply, MESSAGES.emailAlreadyUsed);
      return ctx.sessions.issue(user, null);
    }, answered208(reply)),
  });

  const google = googleSignInConfig();
  const verify = google ? createGoogleVerifier(google) : null;
  defineRoute(app, {
    method: 'POST',
    url: '/login/sign_up_with_google',
    summary: 'Sign up or in with Google: an OpenID Connect ID token from the configured provider (REELSCOPE_GOOGLE_ISSUER); the embedded workspace answers 501',
    auth: 'none',
    body: GoogleSignUpBodySchema,
    response: { 200: SessionResponseSchema },
    handler: async ({ body }) => {
      if (!verify) throw new HttpError(501, HTTP_MESSAGES.googleSignInUnavailable);
      const identity = await verify(body.id_token);
      if (!identity) throw new HttpError(401, HTTP_MESSAGES.googleTokenRefused);
      const existing = await ctx.repos.users.findByEmail(identity.email);
      const at = ctx.now().toISOString();
      if (existing) {
        await ctx.repos.users.updateLastSignIn(existing.id, at);
        return ctx.sessions.issue({ ...existing, lastSignInAt: at }, null);
      }
      const [first = identity.email.split('@')[0] ?? 'New', ...rest] = (identity.name ?? '').split(' ');
      const fields = {
        id: randomUUID(), email: identity.email,
        // Signing in is Google's part: the password no one knows can only be replaced through password recovery.
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        firstName: identity.given_name ?? first, lastName: identity.family_name ?? rest.join(' '), at,
      };
      const user = await createManager(ctx, fields, body.brand_name ?? `${fields.firstName}'s brand`);
      if (!user) throw new HttpError(409, MESSAGES.emailAlreadyUsed);
      return ctx.sessions.issue(user, null);
    },
  });
}
