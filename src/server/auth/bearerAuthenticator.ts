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
    const token = header ? header.trim().match(BEARER)?.[1] : undefined;
    if (!token) throw unauthorized(HTTP_MESSAGES.bearerMissing);
    const claims = await tokens.verify(token);
    // A deleted user's still-unexpired token must not keep working.
    const user = await repos.users.findById(claims.userId);
    if (!user) throw unauthorized();
    assertMayHaveSession(user);
    // Both at once: on a team server each is a round trip.
    const [own, readableBrandIds] = await Promise.all([repos.brands.ownBrands(claims.userId), repos.brands.readableBrandIds(claims.userId)]);
    const brandIds = own.map((brand) => brand.id);
    return {
      userId: claims.userId,
      brandId: claims.brandId !== null && brandIds.includes(claims.brandId) ? claims.brandId : null,
      brandIds,
      readableBrandIds,
      sessionId: claims.sessionId ?? null,
    };
  };
}
