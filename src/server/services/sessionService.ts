import type { Brand, Session } from '../../shared/domain/session';
import type { SessionResponse } from '../../shared/http/auth.schemas';
import type { AccessTokenService } from '../auth/accessTokens';
import { generateOpaqueToken, hashOpaqueToken } from '../auth/opaqueTokens';
import { assertMayHaveSession } from '../auth/sessionEligibility';
import { TOKEN_SETTINGS } from '../auth/tokenSettings';
import { notFound, unauthorized } from '../http/httpError';
import { HTTP_MESSAGES } from '../http/httpMessages';
import { MESSAGES } from '../../shared/messages';
import type { Repositories } from '../repositories/index';
import type { BrandRecord } from '../repositories/brandsRepository';
import type { UserRecord } from '../repositories/usersRepository';

const toBrand = (brand: BrandRecord, competitor: boolean): Brand => ({ _id: brand.id, name: brand.name, picture: brand.picture, competitor });

/** Builds sessions and issues, rotates and revokes token pairs. */
export function createSessionService(deps: { repos: Repositories; tokens: AccessTokenService; now: () => Date }) {
  const { repos, tokens, now } = deps;

  /** The session of a user with the given current brand (falls back to the first own brand). */
  function buildSession(user: UserRecord, brandId: string | null): Session {
    const own = repos.brands.ownBrands(user.id);
    const current = own.find((brand) => brand.id === brandId) ?? own[0] ?? null;
    return {
      roles: user.roles,
      currentUser: {
        _id: user.id,
        registration_completed: user.registrationCompleted,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
      },
      brands: own.map((brand) => toBrand(brand, false)),
      currentBrand: current ? toBrand(current, false) : null,
      competitors: current ? repos.brands.competitorsOf(current.id).map((brand) => toBrand(brand, true)) : [],
      userPicture: user.picture,
      brandPicture: current?.picture ?? null,
      lastSignInAt: user.lastSignInAt,
    };
  }

  /**
   * A session plus a fresh access jwt and refresh token for its current brand. A sign-in starts a session (a new
   * id); a rotation or a brand switch continues the one it came from, so signing out ends all of it.
   */
  async function issue(user: UserRecord, brandId: string | null, sessionId: string = generateOpaqueToken()): Promise<SessionResponse> {
    assertMayHaveSession(user);
    const session = buildSession(user, brandId);
    const currentBrandId = session.currentBrand?._id ?? null;
    const { jwt, expiresIn } = await tokens.sign({ userId: user.id, brandId: currentBrandId, sessionId });
    const refreshToken = generateOpaqueToken();
    const issuedAt = now();
    repos.refreshTokens.insert({
      tokenHash: hashOpaqueToken(refreshToken),
      userId: user.id,
      brandId: currentBrandId,
      sessionId,
      expiresAt: new Date(issuedAt.getTime() + TOKEN_SETTINGS.refreshTtlMs).toISOString(),
      createdAt: issuedAt.toISOString(),
    });
    return { ...session, jwt, refresh_token: refreshToken, expires_in: expiresIn };
  }

  /**
   * Exchanges a refresh token for a new pair, revoking the old one. Presenting an already revoked token means
   * it was copied: every refresh token of that user is revoked so the thief and the victim both must sign in again.
   */
  async function rotate(refreshToken: string): Promise<SessionResponse> {
    const hash = hashOpaqueToken(refreshToken);
    const record = repos.refreshTokens.findByHash(hash);
    const at = now().toISOString();
    if (!record) throw unauthorized(HTTP_MESSAGES.refreshTokenInvalid);
    if (record.revokedAt !== null || !repos.refreshTokens.revoke(hash, at)) {
      repos.refreshTokens.revokeAllForUser(record.userId, at);
      throw unauthorized(HTTP_MESSAGES.refreshTokenInvalid);
    }
    if (record.expiresAt <= at) throw unauthorized(MESSAGES.sessionExpired);
    const user = repos.users.findById(record.userId);
    if (!user) throw unauthorized(HTTP_MESSAGES.refreshTokenInvalid);
    return issue(user, record.brandId, record.sessionId);
  }

  /** Switches to one of the user's own brands (404 otherwise) and issues a pair carrying it, in the bearer's session. */
  async function switchBrand(userId: string, brandId: string, sessionId: string | null): Promise<SessionResponse> {
    const user = repos.users.findById(userId);
    if (!user) throw unauthorized();
    if (!repos.brands.ownBrands(userId).some((brand) => brand.id === brandId)) throw notFound();
    return issue(user, brandId, sessionId ?? undefined);
  }

  /** Signs out: ends the refresh token's whole session; unknown tokens are ignored so logout always succeeds. */
  function revoke(refreshToken: string): void {
    const record = repos.refreshTokens.findByHash(hashOpaqueToken(refreshToken));
    if (record) repos.refreshTokens.revokeSession(record.sessionId, now().toISOString());
  }

  /** Whether the user's sign-in is still on: not signed out, not ended by reuse or expiry, the user not removed. */
  function isLive(userId: string, sessionId: string): boolean {
    return repos.refreshTokens.sessionLive(sessionId, userId, now().toISOString());
  }

  return { buildSession, issue, rotate, switchBrand, revoke, isLive };
}
export type SessionService = ReturnType<typeof createSessionService>;
