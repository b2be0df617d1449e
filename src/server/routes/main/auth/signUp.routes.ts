import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ROLE_BRAND_MANAGER } from '../../../../shared/constants';
import { ErrorMessage208Schema, GoogleSignUpBodySchema, SessionResponseSchema, SignUpBodySchema } from '../../../../shared/http/auth.schemas';
import { createGoogleVerifier, googleSignInConfig } from '../../../auth/googleSignIn';
import { MESSAGES } from '../../../../shared/messages';
import { isValidEmail } from '../../../../shared/rules/validation';
import { hashPassword } from '../../../auth/passwords';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError, badRequest } from '../../../http/httpError';
import { HTTP_MESSAGES } from '../../../http/httpMessages';
import { reply208 } from './reply208';

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** POST /login/user_sign_up, and Google sign-up where a provider is configured (a hosted back end). */
export function registerSignUpRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/login/user_sign_up',
    summary: 'Create a brand manager account with its first brand',
    auth: 'none',
    body: SignUpBodySchema,
    response: { 200: SessionResponseSchema, 208: ErrorMessage208Schema },
    handler: async ({ body, reply }) => {
      if (!isValidEmail(body.email)) throw badRequest(HTTP_MESSAGES.invalidEmail);
      if (ctx.repos.users.findByEmail(body.email)) return reply208(reply, MESSAGES.emailAlreadyUsed);

      const passwordHash = await hashPassword(body.password);
      const at = ctx.now().toISOString();
      const user = {
        id: randomUUID(),
        email: body.email,
        passwordHash,
        firstName: body.first_name,
        lastName: body.last_name,
        roles: [ROLE_BRAND_MANAGER],
        registrationCompleted: true,
        createdAt: at,
      };
      try {
        ctx.db.transaction(() => {
          ctx.repos.users.create(user);
          ctx.repos.brands.createOwned(user.id, { id: randomUUID(), name: body.brand_name, createdAt: at });
          ctx.repos.users.updateLastSignIn(user.id, at);
        })();
      } catch (error) {
        // Two sign-ups with one email can race past the check above; the UNIQUE index decides.
        if (isUniqueViolation(error)) return reply208(reply, MESSAGES.emailAlreadyUsed);
        throw error;
      }
      return ctx.sessions.issue({ ...user, picture: null, lastSignInAt: at }, null);
    },
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
      const existing = ctx.repos.users.findByEmail(identity.email);
      const at = ctx.now().toISOString();
      if (existing) {
        ctx.repos.users.updateLastSignIn(existing.id, at);
        return ctx.sessions.issue({ ...existing, lastSignInAt: at }, null);
      }
      const [first = identity.email.split('@')[0] ?? 'New', ...rest] = (identity.name ?? '').split(' ');
      const user = {
        id: randomUUID(),
        email: identity.email,
        // Signing in is Google's part: the password no one knows can only be replaced through password recovery.
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        firstName: identity.given_name ?? first,
        lastName: identity.family_name ?? rest.join(' '),
        roles: [ROLE_BRAND_MANAGER],
        registrationCompleted: true,
        createdAt: at,
      };
      try {
        ctx.db.transaction(() => {
          ctx.repos.users.create(user);
          ctx.repos.brands.createOwned(user.id, { id: randomUUID(), name: body.brand_name ?? `${user.firstName}'s brand`, createdAt: at });
          ctx.repos.users.updateLastSignIn(user.id, at);
        })();
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.emailAlreadyUsed);
        throw error;
      }
      return ctx.sessions.issue({ ...user, picture: null, lastSignInAt: at }, null);
    },
  });
}
