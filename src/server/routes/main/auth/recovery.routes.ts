import type { FastifyInstance } from 'fastify';
import {
  ErrorMessage208Schema,
  HttpErrorSchema,
  MessageResponseSchema,
  RecoveryRequestBodySchema,
  RecoveryResetBodySchema,
} from '../../../../shared/http/auth.schemas';
import { MESSAGES } from '../../../../shared/messages';
import { always, withAddressProbe } from '../../../auth/addressProbes';
import { generateOpaqueToken, hashOpaqueToken } from '../../../auth/opaqueTokens';
import { hashPassword } from '../../../auth/passwords';
import { TOKEN_SETTINGS } from '../../../auth/tokenSettings';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HTTP_MESSAGES } from '../../../http/httpMessages';
import { reply208 } from './reply208';

/** The deep link the desktop app opens to show the reset-password form. */
export const RESET_PASSWORD_LINK = 'reelscope://reset-password?token=';

/** POST /recovery_passwords (send a reset link) and PUT /recovery_passwords (set a new password with it). */
export function registerRecoveryRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/recovery_passwords',
    summary: 'Send a single-use password reset link (valid one hour)',
    auth: 'none',
    body: RecoveryRequestBodySchema,
    response: { 200: MessageResponseSchema, 208: ErrorMessage208Schema, 429: HttpErrorSchema },
    // Either answer tells whether the email has an account: every request is a probe of the client's address.
    handler: ({ body, reply, request }) => withAddressProbe(ctx.addressLimiter, request.ip, async () => {
      const user = await ctx.repos.users.findByEmail(body.email);
      if (!user) return reply208(reply, MESSAGES.emailNotConnected);
      const token = generateOpaqueToken();
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + TOKEN_SETTINGS.passwordResetTtlMs).toISOString();
      await ctx.repos.passwordResets.insert({ tokenHash: hashOpaqueToken(token), userId: user.id, expiresAt, createdAt: now.toISOString() });
      // The live token goes only into the mail handed over; a kept copy has it redacted (issue 26).
      await ctx.mail.deliver({
        kind: 'password_reset',
        to: user.email,
        subject: 'Reset your Reelscope password',
        body: `Open this link within one hour to choose a new password: ${RESET_PASSWORD_LINK}${token}`,
        secrets: [token],
        expiresAt,
      });
      return { message: HTTP_MESSAGES.recoveryLinkSent };
    }, always),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/recovery_passwords',
    summary: 'Set a new password with a reset link token; signs out every device',
    auth: 'none',
    body: RecoveryResetBodySchema,
    response: { 200: MessageResponseSchema, 208: ErrorMessage208Schema },
    handler: async ({ body, reply }) => {
      const tokenHash = hashOpaqueToken(body.token);
      const reset = await ctx.repos.passwordResets.findByHash(tokenHash);
      if (!reset || reset.usedAt !== null || reset.expiresAt <= ctx.now().toISOString()) {
        return reply208(reply, MESSAGES.linkInvalidOrExpired);
      }
      const passwordHash = await hashPassword(body.password);
      const at = ctx.now().toISOString();
      const changed = await ctx.repos.inAccountTransaction(async (tx) => {
        // markUsed is the single-use gate: a concurrent reset with the same link loses here.
        if (!(await tx.passwordResets.markUsed(tokenHash, at))) return false;
        await tx.users.updatePasswordHash(reset.userId, passwordHash);
        await tx.refreshTokens.revokeAllForUser(reset.userId, at);
        return true;
      });
      if (!changed) return reply208(reply, MESSAGES.linkInvalidOrExpired);
      return { message: HTTP_MESSAGES.passwordChanged };
    },
  });
}
