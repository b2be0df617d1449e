import { MESSAGES } from '../../../../shared/messages';
import { hashOpaqueToken } from '../../../auth/opaqueTokens';
import type { ServerContext } from '../../../context';
import { HttpError } from '../../../http/httpError';
import type { InvitationRecord, TeamRepository } from '../../../repositories/team/teamRepository';

/**
 * The invitation a link's token names, when it can still be accepted; otherwise the one sentence that says why not:
 * unknown (404), already used or expired (410).
 */
export async function usableInvitation(team: TeamRepository, token: string, now: Date): Promise<InvitationRecord> {
  const invitation = await team.invitationByTokenHash(hashOpaqueToken(token));
  if (!invitation) throw new HttpError(404, MESSAGES.teamInvitationInvalid, 'invitation_invalid');
  if (invitation.acceptedAt !== null) throw new HttpError(410, MESSAGES.teamInvitationUsed, 'invitation_used');
  if (Date.parse(invitation.expiresAt) <= now.getTime()) throw new HttpError(410, MESSAGES.teamInvitationExpired, 'invitation_expired');
  return invitation;
}

/** Whether two addresses are the same mailbox as the sign-in compares them (ASCII case folded). */
export const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Sends one invitation within the inviter's hourly and the brand's daily bound (429 with the sentence of whichever is
 * full). Both are reserved before the mail goes out, so parallel requests cannot all pass, and an invitation sent
 * counts even when it is withdrawn later: its mail has gone.
 */
export async function withInvitationQuota<T>(ctx: ServerContext, inviterId: string, brandId: string, send: () => Promise<T>): Promise<T> {
  const perManager = await ctx.invitationLimiters.manager.reserve(inviterId);
  if (!perManager) throw new HttpError(429, MESSAGES.teamInvitationsPerManager, 'too_many_invitations');
  const perBrand = await ctx.invitationLimiters.brand.reserve(brandId);
  try {
    if (!perBrand) throw new HttpError(429, MESSAGES.teamInvitationsPerBrand, 'too_many_invitations');
    const sent = await send();
    await Promise.all([perManager.fail(), perBrand.fail()]);
    return sent;
  } finally {
    await Promise.all([perManager.release(), perBrand?.release()]);
  }
}
