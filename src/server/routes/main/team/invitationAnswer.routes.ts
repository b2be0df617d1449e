import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ROLE_BRAND_MANAGER } from '../../../../shared/constants';
import { ErrorMessage208Schema, SessionResponseSchema } from '../../../../shared/http/auth.schemas';
import { InvitationPreviewSchema, InvitationSignUpBodySchema, InvitationTokenSchema } from '../../../../shared/http/team.schemas';
import { MESSAGES } from '../../../../shared/messages';
import { hashPassword } from '../../../auth/passwords';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError, unauthorized } from '../../../http/httpError';
import { isUniqueViolation } from '../../../repositories/accountTransaction';
import { reply208 } from '../auth/reply208';
import { sameAddress, usableInvitation } from './invitationLink';

const TokenParams = z.object({ token: InvitationTokenSchema });
const invitationUsed = () => new HttpError(410, MESSAGES.teamInvitationUsed, 'invitation_used');

/**
 * What an invited person does with the link (issue 29): look at it (which brand, which role), accept it signed in with
 * the invited address, or sign up through it — either way they land in the brand. A used or expired link says so.
 */
export function registerInvitationAnswerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const base = { tags: ['team'] };

  defineRoute(app, {
    ...base, method: 'GET', url: '/team/invitations/:token', auth: 'none', params: TokenParams,
    summary: 'What an invitation link offers (brand, role, invited address); 404 unknown, 410 used or expired', response: { 200: InvitationPreviewSchema },
    handler: async ({ params }) => {
      const invitation = await usableInvitation(ctx.repos.team, params.token, ctx.now());
      const brand = await ctx.repos.brands.findById(invitation.brandId);
      return { brand_name: brand?.name ?? '', email: invitation.email, role: invitation.role, invited_by: invitation.inviterName };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/team/invitations/:token/accept', auth: 'bearer', params: TokenParams,
    summary: 'Accepts an invitation with the signed-in account of the invited address: a session in the brand', response: { 200: SessionResponseSchema },
    handler: async ({ params, request }) => {
      const auth = request.auth;
      const user = auth ? await ctx.repos.users.findById(auth.userId) : null;
      if (!auth || !user) throw unauthorized();
      const invitation = await usableInvitation(ctx.repos.team, params.token, ctx.now());
      if (!sameAddress(user.email, invitation.email)) throw new HttpError(403, MESSAGES.teamInvitationOtherEmail, 'invitation_other_email');
      if (!(await ctx.repos.team.acceptInvitation(invitation, user.id, ctx.now().toISOString()))) throw invitationUsed();
      // The same sign-in continues, now in the brand.
      return ctx.sessions.issue(user, invitation.brandId, auth.sessionId ?? undefined);
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/team/invitations/:token/sign_up', auth: 'none', params: TokenParams, body: InvitationSignUpBodySchema,
    summary: 'An account for the invited address, in the brand with the invited role; 208 when the address already has one (sign in instead)',
    response: { 200: SessionResponseSchema, 208: ErrorMessage208Schema },
    handler: async ({ params, body, reply }) => {
      const invitation = await usableInvitation(ctx.repos.team, params.token, ctx.now());
      if (await ctx.repos.users.findByEmail(invitation.email)) return reply208(reply, MESSAGES.emailAlreadyUsed);
      const at = ctx.now().toISOString();
      const user = {
        id: randomUUID(), email: invitation.email, passwordHash: await hashPassword(body.password), firstName: body.first_name, lastName: body.last_name,
        roles: [ROLE_BRAND_MANAGER], registrationCompleted: true, createdAt: at,
      };
      try {
        await ctx.repos.inAccountTransaction(async (tx) => {
          await tx.users.create(user);
          if (!(await tx.team.acceptInvitation(invitation, user.id, at))) throw invitationUsed();
          await tx.users.updateLastSignIn(user.id, at);
        });
      } catch (error) {
        if (isUniqueViolation(error)) return reply208(reply, MESSAGES.emailAlreadyUsed);
        throw error;
      }
      return ctx.sessions.issue({ ...user, picture: null, lastSignInAt: at }, invitation.brandId);
    },
  });
}
