import { MESSAGES } from '../../shared/messages';
import type { TeamRole } from '../../shared/http/team.schemas';
import { unauthorized } from '../http/httpError';
import { HTTP_MESSAGES } from '../http/httpMessages';
import type { Repositories } from '../repositories/index';
import type { AccessTokenService } from './accessTokens';
import { assertMayHaveSession } from './sessionEligibility';
import type { AuthContext, Authenticator } from './authContext';

const BEARER = /^Bearer\s+(\S+)$/i;
/** How often a person's "last active" in a brand is written: a request a minute is enough for the team screen. */
const ACTIVITY_WRITE_EVERY_MS = 60_000;

/**
 * Verifies `Authorization: Bearer <jwt>` and loads the brands the user may act for and read, with their role in each.
 * The memberships are read on every request, so a teammate removed from a brand is refused with their very next call.
 */
export function createBearerAuthenticator(
  tokens: AccessTokenService, repos: Repositories, now: () => Date = () => new Date(),
  /** Told the token's brand once its signature holds, before the bearer's access is read (to start work beside it). */
  verified: (brandId: string | null) => void = () => undefined,
): Authenticator {
  const lastWritten = new Map<string, number>();
  async function noteActivity(userId: string, brandId: string): Promise<void> {
    const key = `${userId}:${brandId}`;
    const at = now();
    if (at.getTime() - (lastWritten.get(key) ?? 0) < ACTIVITY_WRITE_EVERY_MS) return;
    if (lastWritten.size > 10_000) lastWritten.clear();
    lastWritten.set(key, at.getTime());
    // Best effort: a request never fails because its activity could not be written.
    await repos.team.touch(userId, brandId, at.toISOString()).catch(() => undefined);
  }
  return async (header): Promise<AuthContext> => {
    const token = header ? header.trim().match(BEARER)?.[1] : undefined;
    if (!token) throw unauthorized(HTTP_MESSAGES.bearerMissing);
    const claims = await tokens.verify(token);
    verified(claims.brandId);
    // One statement: on a team server each is a round trip (the brands of a user who turns out gone are not used).
    const { user, memberships, readable, competitors, names, sessionEnded } = await repos.bearerAccess(claims.userId, claims.sessionId ?? null);
    // A deleted user's still-unexpired token must not keep working.
    if (!user) throw unauthorized();
    assertMayHaveSession(user);
    const brandIds = memberships.map((membership) => membership.brandId);
    const readableBrandIds = readable;
    // A token for a brand the person was removed from ends now, not when it expires.
    if (claims.brandId !== null && !brandIds.includes(claims.brandId)) throw unauthorized(MESSAGES.teamRemoved);
    // Nor one whose sign-in has ended (after the removal check: a removal ends the sessions too, and says why):
    // signing out ends the access token with it, on every instance, not 15 minutes later.
    if (sessionEnded) throw unauthorized(MESSAGES.sessionExpired);
    const roles: Record<string, TeamRole> = Object.fromEntries(memberships.map((membership) => [membership.brandId, membership.role]));
    if (claims.brandId !== null) await noteActivity(claims.userId, claims.brandId);
    return {
      competitorIds: competitors,
      brandNames: names,
      userId: claims.userId,
      brandId: claims.brandId,
      brandIds,
      roles,
      readableBrandIds,
      sessionId: claims.sessionId ?? null,
    };
  };
}
