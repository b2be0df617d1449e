import type { FastifyInstance } from 'fastify';
import { ErrorMessage208Schema, MessageResponseSchema, ResendConfirmationBodySchema } from '../../../../shared/http/auth.schemas';
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
    response: { 200: MessageResponseSchema, 208: ErrorMessage208Schema },
    handler: async ({ body, reply }) => {
      const user = ctx.repos.users.findByEmail(body.email);
      if (!user) return reply208(reply, MESSAGES.emailNotConnected);
      await ctx.mail.deliver({
        kind: 'confirmation',
        to: user.email,
        subject: 'Confirm your Reelscope account',
        body: `Hello ${user.firstName}, please confirm the email address of your Reelscope account.`,
      });
      return { message: HTTP_MESSAGES.confirmationSent };
    },
  });
}
