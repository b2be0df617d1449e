import type { FastifyInstance } from 'fastify';
import { ErrorMessage208Schema, HttpErrorSchema, MessageResponseSchema, ResendConfirmationBodySchema } from '../../../../shared/http/auth.schemas';
import { always, withAddressProbe } from '../../../auth/addressProbes';
import { MESSAGES } from '../../../../shared/messages';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HTTP_MESSAGES } from '../../../http/httpMessages';
import { reply208 } from './reply208';

/** POST /users/resend_confirmation_email: sends the confirmation mail again (or keeps it in the outbox). */
export function registerConfirmationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/users/resend_confirmation_email',
    summary: 'Send the account confirmation email again',
    auth: 'none',
    body: ResendConfirmationBodySchema,
    response: { 200: MessageResponseSchema, 208: ErrorMessage208Schema, 429: HttpErrorSchema },
    // Either answer tells whether the email has an account: every request is a probe of the client's address.
    handler: ({ body, reply, request }) => withAddressProbe(ctx.addressLimiter, request.ip, async () => {
      const user = ctx.repos.users.findByEmail(body.email);
      if (!user) return reply208(reply, MESSAGES.emailNotConnected);
      await ctx.mail.deliver({
        kind: 'confirmation',
        to: user.email,
        subject: 'Confirm your Reelscope account',
        body: `Hello ${user.firstName}, please confirm the email address of your Reelscope account.`,
      });
      return { message: HTTP_MESSAGES.confirmationSent };
    }, always),
  });
}
