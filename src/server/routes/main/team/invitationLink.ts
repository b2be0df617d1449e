import { MESSAGES } from '../../../../shared/messages';
import { hashOpaqueToken } from '../../../auth/opaqueTokens';
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
