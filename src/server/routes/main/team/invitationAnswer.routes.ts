import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ROLE_BRAND_MANAGER } from '../../../../shared/constants';
import { ErrorMessage208Schema, HttpErrorSchema, SessionResponseSchema } from '../../../../shared/http/auth.schemas';
import { InvitationPreviewSchema, InvitationSignUpBodySchema, InvitationSignUpResponseSchema, InvitationTokenSchema } from '../../../../shared/http/team.schemas';
import { MESSAGES } from '../../../../shared/messages';
import { always, withAddressProbe } from '../../../auth/addressProbes';
import { imitatedAddress } from '../../../auth/addressLookalikes';
import { generateOpaqueToken, hashOpaqueToken } from '../../../auth/opaqueTokens';
import { hashPassword } from '../../../auth/passwords';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError, unauthorized } from '../../../http/httpError';
import { isUniqueViolation } from '../../../repositories/accountTransaction';
import { reply208 } from '../auth/reply208';
import { sameAddress, usableInvitation } from './invitationLink';
import { joinBrandLink } from '../../../../shared/joinBrandLink';
import { configuredPublicUrl } from '../../../http/publicOrigin';

const TokenParams = z.object({ token: InvitationTokenSchema });
const invitationUsed = () => new HttpError(410, MESSAGES.teamInvitationUsed, 'invitation_used');

/**
 * What an invited person does with the link (issue 29): look at it (which brand, which role), accept it signed in with
 * the invited address, or sign up through it and finish with the link then mailed to the address — either way they
 * land in the brand. A used or expired link says so.
 */
export function registerInvitationAnswerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const base = { tags: ['team'] };

  defineRoute(app, {
    ...base, method: 'GET', url: '/team/invitations/:token', auth: 'none', params: TokenParams,
    summary: 'What an invitation link offers (brand, role, invited address); 404 unknown, 410 used or expired', response: { 200: InvitationPreviewSchema },
    handler: async ({ params }) => {
      const invitation = await usableInvitation(ctx.repos.team, params.token, ctx.now());
      const brand = await ctx.repos.brands.findById(invitation.brandId);
      return { brand_name: brand?.name ?? '', email: invitation.email, role: invitation.role, invited_by: invitation.inviterName, sign_up_pending: invitation.signUp !== null };
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
    summary: 'Signs up through an invitation link: the same answer whether or not the address has an account (a new link goes to the invited address and this one stops working); 409 for an address imitating an existing one; counts as an account probe of the client address',
    response: { 200: InvitationSignUpResponseSchema, 409: HttpErrorSchema, 429: HttpErrorSchema },
    // The manager who made the link holds it too: were the answer to differ, any manager could ask it about any
    // address, and create the account of one that has none. So the account waits for the invited mailbox.
    handler: async ({ params, body, request }) => {
      const answer = await withAddressProbe(ctx.addressLimiter, request.ip, async (): Promise<{ message: string } | HttpError> => {
        const invitation = await usableInvitation(ctx.repos.team, params.token, ctx.now());
        const imitated = imitatedAddress(invitation.email);
        if (imitated !== null && (await ctx.repos.users.findByEmail(imitated))) return new HttpError(409, MESSAGES.teamInvitationLookalike, 'address_lookalike');
        // Hashed whether or not it is kept, so the time taken does not tell an existing account either.
        const passwordHash = await hashPassword(body.password);
        const existing = await ctx.repos.users.findByEmail(invitation.email);
        const token = generateOpaqueToken();
        const signUp = existing ? null : { firstName: body.first_name, lastName: body.last_name, passwordHash };
        if (!(await ctx.repos.team.renewInvitationToken(invitation.id, hashOpaqueToken(token), signUp))) throw invitationUsed();
        const brand = (await ctx.repos.brands.findById(invitation.brandId))?.name ?? 'your team';
        // Mail leaves for any device: it names the team server's public address where there is one.
        const link = joinBrandLink(token, { kind: 'mail', publicUrl: configuredPublicUrl() });
        // The invited person's own mail (no brand: only that address reads it in the outbox), its link kept redacted.
        await ctx.mail.deliver({
          kind: 'invitation', to: invitation.email, brandId: null, secrets: [token], expiresAt: invitation.expiresAt,
          subject: `Finish joining ${brand} on Reelscope`,
          body: existing
            ? `Someone used your invitation to ${brand} to sign up, but this address already has a Reelscope account. To join ${brand}, open this link and sign in with that account: ${link}`
            : `Open this link to finish creating your Reelscope account and join ${brand}: ${link} If you did not sign up, ignore this mail and no account is made.`,
        });
        return { message: MESSAGES.teamInvitationCheckMailbox };
      }, always);
      if (answer instanceof HttpError) throw answer;
      return answer;
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/team/invitations/:token/finish', auth: 'none', params: TokenParams,
    summary: 'Finishes the sign-up waiting on the link mailed to the invited address: the account, in the brand with the invited role; 404 when no sign-up waits on the link',
    response: { 200: SessionResponseSchema, 208: ErrorMessage208Schema },
    handler: async ({ params, reply }) => {
      const invitation = await usableInvitation(ctx.repos.team, params.token, ctx.now());
      if (!invitation.signUp) throw new HttpError(404, MESSAGES.teamInvitationInvalid, 'invitation_invalid');
      const at = ctx.now().toISOString();
      const user = {
        id: randomUUID(), email: invitation.email, passwordHash: invitation.signUp.passwordHash, firstName: invitation.signUp.firstName,
        lastName: invitation.signUp.lastName, roles: [ROLE_BRAND_MANAGER], registrationCompleted: true, createdAt: at,
      };
      try {
        await ctx.repos.inAccountTransaction(async (tx) => {
          await tx.users.create(user);
          if (!(await tx.team.acceptInvitation(invitation, user.id, at))) throw invitationUsed();
          await tx.users.updateLastSignIn(user.id, at);
        });
      } catch (error) {
        // The address got an account another way since the sign-up: that account accepts instead.
        if (isUniqueViolation(error)) return reply208(reply, MESSAGES.emailAlreadyUsed);
        throw error;
      }
      return ctx.sessions.issue({ ...user, picture: null, lastSignInAt: at }, invitation.brandId);
    },
  });
}
