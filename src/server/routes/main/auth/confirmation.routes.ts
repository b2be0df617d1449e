import type { FastifyInstance } from 'fastify';
import { ConfirmEmailBodySchema, ErrorMessage208Schema, HttpErrorSchema, MessageResponseSchema, ResendConfirmationBodySchema } from '../../../../shared/http/auth.schemas';
import { always, withAddressProbe } from '../../../auth/addressProbes';
import { TOKEN_SETTINGS } from '../../../auth/tokenSettings';
import { MESSAGES } from '../../../../shared/messages';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HTTP_MESSAGES } from '../../../http/httpMessages';
import { reply208 } from './reply208';

/** The deep link the desktop app opens to confirm an email address (like the password-reset link). */
export const CONFIRM_EMAIL_LINK = 'reelscope://confirm-email?token=';

/**
 * POST /users/resend_confirmation_email queues the confirmation mail again (in the outbox) with its link;
 * PUT /users/confirm_email completes the registration the link names.
 */
export function registerConfirmationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/users/resend_confirmation_email',
    summary: 'Send the account confirmation email (with its link, valid one day) again',
    auth: 'none',
    body: ResendConfirmationBodySchema,
    response: { 200: MessageResponseSchema, 208: ErrorMessage208Schema, 429: HttpErrorSchema },
    // Either answer tells whether the email has an account: every request is a probe of the client's address.
    handler: ({ body, reply, request }) => withAddressProbe(ctx.addressLimiter, request.ip, async () => {
      const user = await ctx.repos.users.findByEmail(body.email);
      if (!user) return reply208(reply, MESSAGES.emailNotConnected);
      if (user.registrationCompleted) return { message: HTTP_MESSAGES.alreadyConfirmed };
      const token = await ctx.tokens.signEmailConfirmation({ userId: user.id, email: user.email });
      // Like a reset link: the live link only in the mail handed over, a kept copy redacted.
      await ctx.mail.deliver({
        kind: 'confirmation',
        to: user.email,
        subject: 'Confirm your Reelscope account',
        body: `Hello ${user.firstName}, open this link within one day to confirm the email address of your Reelscope account: ${CONFIRM_EMAIL_LINK}${token}`,
        secrets: [token],
        expiresAt: new Date(ctx.now().getTime() + TOKEN_SETTINGS.emailConfirmationTtlMs).toISOString(),
      });
      return { message: HTTP_MESSAGES.confirmationSent };
    }, always),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/users/confirm_email',
    summary: 'Confirm the email address with the token of the confirmation link; the account can then sign in',
    auth: 'none',
    body: ConfirmEmailBodySchema,
    response: { 200: MessageResponseSchema, 208: ErrorMessage208Schema },
    handler: async ({ body, reply }) => {
      const claims = await ctx.tokens.verifyEmailConfirmation(body.token);
      const user = claims ? await ctx.repos.users.findById(claims.userId) : null;
      // A link for an address the account no longer has confirms nothing.
      if (!claims || !user || user.email.toLowerCase() !== claims.email.toLowerCase()) return reply208(reply, MESSAGES.linkInvalidOrExpired);
      await ctx.repos.users.markRegistrationCompleted(user.id);
      return { message: HTTP_MESSAGES.emailConfirmed };
    },
  });
}
