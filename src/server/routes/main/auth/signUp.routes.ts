import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ROLE_BRAND_MANAGER } from '../../../../shared/constants';
import { ErrorMessage208Schema, SessionResponseSchema, SignUpBodySchema } from '../../../../shared/http/auth.schemas';
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

/** POST /login/user_sign_up and the Google sign-up the embedded back end cannot offer. */
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

  defineRoute(app, {
    method: 'POST',
    url: '/login/sign_up_with_google',
    summary: 'Google sign-in (hosted back end only; the embedded one answers 501)',
    auth: 'none',
    handler: () => {
      throw new HttpError(501, HTTP_MESSAGES.googleSignInUnavailable);
    },
  });
}
