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
import type { RefreshTokenRecord } from '../repositories/refreshTokensRepository';
import type { UserRecord } from '../repositories/usersRepository';

const toBrand = (brand: BrandRecord, competitor: boolean): Brand => ({ _id: brand.id, name: brand.name, picture: brand.picture, competitor });

/** Builds sessions and issues, rotates and revokes token pairs. */
export function createSessionService(deps: { repos: Repositories; tokens: AccessTokenService; now: () => Date }) {
  const { repos, tokens, now } = deps;

  /** The session of a user with the given current brand (falls back to the first own brand). */
  async function buildSession(user: UserRecord, brandId: string | null): Promise<Session> {
    const own = await repos.brands.ownBrands(user.id);
    const current = own.find((brand) => brand.id === brandId) ?? own[0] ?? null;
    const competitors = current ? await repos.brands.competitorsOf(current.id) : [];
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
      competitors: competitors.map((brand) => toBrand(brand, true)),
      userPicture: user.picture,
      brandPicture: current?.picture ?? null,
      lastSignInAt: user.lastSignInAt,
    };
  }

  /**
   * A session plus a fresh access jwt and refresh token for its current brand. A sign-in starts a session (a new
   * id); a rotation or a brand switch continues the one it came from, so signing out ends all of it.
   */
  async function issue(user: UserRecord, brandId: string | null, sessionId: string = generateOpaqueToken(), refreshToken = generateOpaqueToken()): Promise<SessionResponse> {
    assertMayHaveSession(user);
    const session = await buildSession(user, brandId);
    const currentBrandId = session.currentBrand?._id ?? null;
    const { jwt, expiresIn } = await tokens.sign({ userId: user.id, brandId: currentBrandId, sessionId });
    const issuedAt = now();
    await repos.refreshTokens.insert({
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
   * True when the token was spent by a rotation less than the grace ago and the tokens it led to are still live
   * (the newest one neither signed out nor revoked): the same client retrying, not a copied token replayed later.
   */
  async function retriedWithinGrace(record: RefreshTokenRecord, at: Date): Promise<boolean> {
    if (record.rotatedAt === null) return false;
    if (at.getTime() - Date.parse(record.rotatedAt) > TOKEN_SETTINGS.refreshReuseGraceMs) return false;
    let current: RefreshTokenRecord | null = record;
    // Follow the rotations to the newest token; a chain is at most a few links long within the grace.
    for (let step = 0; current?.successorHash && step < 100; step += 1) current = await repos.refreshTokens.findByHash(current.successorHash);
    return current !== null && current.successorHash === null && current.revokedAt === null;
  }

  /**
   * Exchanges a refresh token for a new pair, spending the old one. Presenting a spent token again within the grace
   * of its rotation answers another pair of the same session; later (or after a sign-out) it means the token was
   * copied: every refresh token of that user is revoked so the thief and the victim both must sign in again.
   */
  async function rotate(refreshToken: string): Promise<SessionResponse> {
    const hash = hashOpaqueToken(refreshToken);
    const record = await repos.refreshTokens.findByHash(hash);
    const moment = now();
    const at = moment.toISOString();
    if (!record) throw unauthorized(HTTP_MESSAGES.refreshTokenInvalid);
    const successor = generateOpaqueToken();
    if (record.revokedAt !== null || !(await repos.refreshTokens.rotate(hash, hashOpaqueToken(successor), at))) {
      if (record.expiresAt > at && (await retriedWithinGrace(record, moment))) return issueFor(record);
      await repos.refreshTokens.revokeAllForUser(record.userId, at);
      throw unauthorized(HTTP_MESSAGES.refreshTokenInvalid);
    }
    if (record.expiresAt <= at) throw unauthorized(MESSAGES.sessionExpired);
    return issueFor(record, successor);
  }

  /** Another pair in the record's session, for its brand. */
  async function issueFor(record: RefreshTokenRecord, refreshToken?: string): Promise<SessionResponse> {
    const user = await repos.users.findById(record.userId);
    if (!user) throw unauthorized(HTTP_MESSAGES.refreshTokenInvalid);
    return issue(user, record.brandId, record.sessionId, refreshToken);
  }

  /** Switches to one of the user's own brands (404 otherwise) and issues a pair carrying it, in the bearer's session. */
  async function switchBrand(userId: string, brandId: string, sessionId: string | null): Promise<SessionResponse> {
    const user = await repos.users.findById(userId);
    if (!user) throw unauthorized();
    if (!(await repos.brands.ownBrands(userId)).some((brand) => brand.id === brandId)) throw notFound();
    return issue(user, brandId, sessionId ?? undefined);
  }

  /** Signs out: ends the refresh token's whole session; unknown tokens are ignored so logout always succeeds. */
  async function revoke(refreshToken: string): Promise<void> {
    const record = await repos.refreshTokens.findByHash(hashOpaqueToken(refreshToken));
    if (record) await repos.refreshTokens.revokeSession(record.sessionId, now().toISOString());
  }

  /** Whether the user's sign-in is still on: not signed out, not ended by reuse or expiry, the user not removed. */
  function isLive(userId: string, sessionId: string): Promise<boolean> {
    return repos.refreshTokens.sessionLive(sessionId, userId, now().toISOString());
  }

  return { buildSession, issue, rotate, switchBrand, revoke, isLive };
}
export type SessionService = ReturnType<typeof createSessionService>;
