import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ChangeRoleBodySchema, INVITATION_TTL_MS, InviteBodySchema, InviteResponseSchema, MyRoleResponseSchema, TeamResponseSchema, TeammateSchema,
  type PendingInvitation,
} from '../../../../shared/http/team.schemas';
import { HttpErrorSchema } from '../../../../shared/http/auth.schemas';
import { MESSAGES } from '../../../../shared/messages';
import { isValidEmail } from '../../../../shared/rules/validation';
import { assertOwnBrand } from '../../../auth/brandAccess';
import { generateOpaqueToken, hashOpaqueToken } from '../../../auth/opaqueTokens';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError, badRequest, found, notFound } from '../../../http/httpError';
import { HTTP_MESSAGES } from '../../../http/httpMessages';
import type { InvitationRecord, TeammateRecord } from '../../../repositories/team/teamRepository';
import { registerInvitationAnswerRoutes } from './invitationAnswer.routes';
import { sameAddress, withInvitationQuota } from './invitationLink';
import { joinBrandLink } from '../../../../shared/joinBrandLink';
import { configuredPublicUrl } from '../../../http/publicOrigin';

const BrandParams = z.object({ id: z.string().min(1).max(64) });
const MemberParams = BrandParams.extend({ userId: z.string().min(1).max(64) });
const InvitationParams = BrandParams.extend({ invitationId: z.string().min(1).max(64) });

const toTeammate = (member: TeammateRecord) => ({
  _id: member.userId, name: `${member.firstName} ${member.lastName}`.trim(), email: member.email, role: member.role,
  joined_at: member.joinedAt, last_active_at: member.lastActiveAt,
});
const toPending = (invitation: InvitationRecord): PendingInvitation => ({
  _id: invitation.id, email: invitation.email, role: invitation.role,
  invited_by: invitation.invitedBy && invitation.inviterName ? { _id: invitation.invitedBy, name: invitation.inviterName } : null,
  created_at: invitation.createdAt, expires_at: invitation.expiresAt,
});

/**
 * A brand's team (issue 29), for its managers only (`access: 'manager'`, checked in defineRoute): the people and
 * their roles, invitations by email, role changes and removals. Everyone in the brand may read their own role.
 */
export function registerTeamRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { team } = ctx.repos;
  const base = { auth: 'bearer' as const, tags: ['team'] };

  defineRoute(app, {
    ...base, method: 'GET', url: '/brands/:id/role', summary: "The signed-in person's role in the own brand (manager or member)", params: BrandParams,
    response: { 200: MyRoleResponseSchema },
    handler: ({ params, request }) => {
      const auth = assertOwnBrand(request, params.id);
      return { role: found(auth.roles[params.id]) };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/brands/:id/team', access: 'manager', summary: "The brand's people (role, last activity) and its invitations not yet accepted", params: BrandParams,
    response: { 200: TeamResponseSchema },
    handler: async ({ params, request }) => {
      assertOwnBrand(request, params.id);
      const [members, invitations] = await Promise.all([team.members(params.id), team.pendingInvitations(params.id, ctx.now().toISOString())]);
      return { members: members.map(toTeammate), invitations: invitations.map(toPending) };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/brands/:id/team/invitations', access: 'manager', params: BrandParams, body: InviteBodySchema,
    summary: 'Invites a person to the brand by email (the link works 7 days, once, and is answered only here, to the inviter); the answer is the same whether or not the address has an account; 429 past INVITATIONS_PER_MANAGER_PER_HOUR or INVITATIONS_PER_BRAND_PER_DAY',
    response: { 200: InviteResponseSchema, 429: HttpErrorSchema },
    handler: async ({ params, body, request }) => {
      const auth = assertOwnBrand(request, params.id);
      if (!isValidEmail(body.email)) throw badRequest(HTTP_MESSAGES.invalidEmail);
      // Only this brand's own people are looked at: whether the address has an account elsewhere is never told.
      const members = await team.members(params.id);
      if (members.some((member) => sameAddress(member.email, body.email))) throw new HttpError(409, MESSAGES.teamAlreadyMember, 'already_member');
      return withInvitationQuota(ctx, auth.userId, params.id, async () => {
        const [brand, inviter] = await Promise.all([ctx.repos.brands.findById(params.id), ctx.repos.users.findById(auth.userId)]);
        const token = generateOpaqueToken();
        const now = ctx.now();
        const invitation = {
          id: randomUUID(), brandId: params.id, email: body.email, role: body.role, tokenHash: hashOpaqueToken(token), invitedBy: auth.userId,
          createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
        };
        await team.createInvitation(invitation);
        const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : 'A brand manager';
        // Answered to the inviter alone, in the desktop form: each screen rewrites it for where it is read.
        const link = joinBrandLink(token, { kind: 'desktop' });
        // The link admits whoever holds it to sign up as the invited address with the invited role, so it is a
        // credential: the brand's outbox, which every teammate reads, keeps the mail with the token redacted.
        await ctx.mail.deliver({
          kind: 'invitation', to: body.email, brandId: params.id, expiresAt: invitation.expiresAt, secrets: [token],
          subject: `${inviterName} invited you to ${brand?.name ?? 'a brand'} on Reelscope`,
          body: `${inviterName} invited you to join ${brand?.name ?? 'their brand'} on Reelscope as a ${body.role}. Open this link within 7 days to sign up or sign in: ${joinBrandLink(token, { kind: 'mail', publicUrl: configuredPublicUrl() })}`,
        });
        return {
          message: MESSAGES.teamInvitationSent,
          invitation: toPending({ ...invitation, inviterName: inviter ? inviterName : null, acceptedAt: null, signUp: null }),
          link,
        };
      });
    },
  });

  defineRoute(app, {
    ...base, method: 'DELETE', url: '/brands/:id/team/invitations/:invitationId', access: 'manager', params: InvitationParams,
    summary: 'Withdraws an invitation not yet accepted (its link stops working)', response: { 200: z.object({ deleted: z.literal(true) }) },
    handler: async ({ params, request }) => {
      assertOwnBrand(request, params.id);
      if (!(await team.cancelInvitation(params.id, params.invitationId))) throw notFound();
      return { deleted: true as const };
    },
  });

  defineRoute(app, {
    ...base, method: 'PUT', url: '/brands/:id/team/members/:userId', access: 'manager', params: MemberParams, body: ChangeRoleBodySchema,
    summary: "Changes a teammate's role; the brand always keeps one manager", response: { 200: TeammateSchema },
    handler: async ({ params, body, request }) => {
      assertOwnBrand(request, params.id);
      const member = found((await team.members(params.id)).find((person) => person.userId === params.userId));
      if (member.role === 'manager' && body.role !== 'manager' && (await team.managerCount(params.id)) <= 1) throw new HttpError(409, MESSAGES.teamLastManager, 'last_manager');
      await team.setRole(params.id, params.userId, body.role);
      return toTeammate({ ...member, role: body.role });
    },
  });

  defineRoute(app, {
    ...base, method: 'DELETE', url: '/brands/:id/team/members/:userId', access: 'manager', params: MemberParams,
    summary: 'Removes a teammate: their sign-ins, chat keys and app keys end at once', response: { 200: z.object({ deleted: z.literal(true) }) },
    handler: async ({ params, request }) => {
      assertOwnBrand(request, params.id);
      const member = found((await team.members(params.id)).find((person) => person.userId === params.userId));
      if (member.role === 'manager' && (await team.managerCount(params.id)) <= 1) throw new HttpError(409, MESSAGES.teamLastManager, 'last_manager');
      await team.removeMember(params.id, params.userId);
      // Their access tokens for the brand fail from the next request (the authenticator reads memberships); ending
      // their sessions stops refreshes, chat keys and app keys too, which are bound to a live session.
      await ctx.repos.refreshTokens.revokeAllForUser(params.userId, ctx.now().toISOString());
      // Their open change streams on this instance end now; another instance's end when the removal's change reaches it.
      ctx.live.closeUser(params.userId);
      return { deleted: true as const };
    },
  });

  registerInvitationAnswerRoutes(app, ctx);
}
