import { unauthorized } from '../http/httpError';
import { HTTP_MESSAGES } from '../http/httpMessages';
import type { Repositories } from '../repositories/index';
import type { AccessTokenService } from './accessTokens';
import { assertMayHaveSession } from './sessionEligibility';
import type { AuthContext, Authenticator } from './authContext';

const BEARER = /^Bearer\s+(\S+)$/i;

/** Verifies `Authorization: Bearer <jwt>` and loads the brands the user may act for and read. */
export function createBearerAuthenticator(tokens: AccessTokenService, repos: Repositories): Authenticator {
  return async (header): Promise<AuthContext> => {
    const token = header ? BEARER.exec(header.trim())?.[1] : undefined;
    if (!token) throw unauthorized(HTTP_MESSAGES.bearerMissing);
    const claims = await tokens.verify(token);
    // Both at once: on a team server each is a round trip (the brands of a user who turns out gone are not used).
    const [user, access] = await Promise.all([repos.users.findById(claims.userId), repos.brands.accessOf(claims.userId)]);
    // A deleted user's still-unexpired token must not keep working.
    if (!user) throw unauthorized();
    assertMayHaveSession(user);
    const brandIds = access.own;
    const readableBrandIds = access.readable;
    return {
      competitorIds: access.competitors,
      userId: claims.userId,
      brandId: claims.brandId !== null && brandIds.includes(claims.brandId) ? claims.brandId : null,
      brandIds,
      readableBrandIds,
      sessionId: claims.sessionId ?? null,
    };
  };
}
