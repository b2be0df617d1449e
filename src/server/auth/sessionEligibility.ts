import { REGISTRATION_INCOMPLETE_CODE, ROLE_VIP_INFLUENCER } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { HttpError } from '../http/httpError';
import type { UserRecord } from '../repositories/usersRepository';

/**
 * Spec §4/§6: a vip_influencer, or a user whose registration is not completed, is given no session. Checked where
 * every token pair is issued (sign-in, refresh, brand switch, sign-up) and where every access jwt is accepted, so a
 * token minted before an account changed state stops working too. 403 with a code the client maps to its screen.
 */
export function assertMayHaveSession(user: Pick<UserRecord, 'roles' | 'registrationCompleted'>): void {
  if (user.roles.includes(ROLE_VIP_INFLUENCER)) throw new HttpError(403, MESSAGES.vipRefused, ROLE_VIP_INFLUENCER);
  if (!user.registrationCompleted) throw new HttpError(403, MESSAGES.registrationIncomplete, REGISTRATION_INCOMPLETE_CODE);
}
