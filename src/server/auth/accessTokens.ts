import { SignJWT, errors, jwtVerify } from 'jose';
import { MESSAGES } from '../../shared/messages';
import { unauthorized } from '../http/httpError';
import { TOKEN_SETTINGS } from './tokenSettings';

/** The claims an access jwt carries: sub (user id), bid (current brand id) and sid (the sign-in it belongs to). */
export interface AccessClaims {
  userId: string;
  brandId: string | null;
  /** The session of the refresh token issued with it; null for a token signed without one. */
  sessionId?: string | null;
}

export interface AccessTokenService {
  /** Signs a 15-minute HS256 access jwt. */
  sign(claims: AccessClaims): Promise<{ jwt: string; expiresIn: number }>;
  /** Verifies signature (HS256 only), issuer, audience and expiry; throws a 401 HttpError otherwise. */
  verify(token: string): Promise<AccessClaims>;
  /** Signs the token of an email-confirmation link: the user and the address it confirms, valid for a day. */
  signEmailConfirmation(claims: { userId: string; email: string }): Promise<string>;
  /** The user and address of a confirmation-link token, or null when it is forged, expired or not one. */
  verifyEmailConfirmation(token: string): Promise<{ userId: string; email: string } | null>;
}

/** Confirmation-link tokens name their own audience, so one can never pass as an access jwt (nor the reverse). */
const CONFIRMATION_AUDIENCE = `${TOKEN_SETTINGS.audience}:email-confirmation`;

/** Creates the access-token signer and verifier for one secret and clock. */
export function createAccessTokenService(secret: Uint8Array, now: () => Date): AccessTokenService {
  const seconds = (): number => Math.floor(now().getTime() / 1000);
  return {
    async sign({ userId, brandId, sessionId }) {
      const issuedAt = seconds();
      const jwt = await new SignJWT({ ...(brandId ? { bid: brandId } : {}), ...(sessionId ? { sid: sessionId } : {}) })
        .setProtectedHeader({ alg: TOKEN_SETTINGS.algorithm, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(TOKEN_SETTINGS.issuer)
        .setAudience(TOKEN_SETTINGS.audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_SETTINGS.accessTtlSeconds)
        .sign(secret);
      return { jwt, expiresIn: TOKEN_SETTINGS.accessTtlSeconds };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          // Pinning the algorithm refuses `alg: none` and algorithm-confusion tokens.
          algorithms: [TOKEN_SETTINGS.algorithm],
          issuer: TOKEN_SETTINGS.issuer,
          audience: TOKEN_SETTINGS.audience,
          currentDate: now(),
          requiredClaims: ['sub', 'exp'],
        });
        const brandId = typeof payload.bid === 'string' ? payload.bid : null;
        return { userId: String(payload.sub), brandId, sessionId: typeof payload.sid === 'string' ? payload.sid : null };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized(MESSAGES.sessionExpired);
        throw unauthorized();
      }
    },
    async signEmailConfirmation({ userId, email }) {
      const issuedAt = seconds();
      return new SignJWT({ email })
        .setProtectedHeader({ alg: TOKEN_SETTINGS.algorithm, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(TOKEN_SETTINGS.issuer)
        .setAudience(CONFIRMATION_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + Math.floor(TOKEN_SETTINGS.emailConfirmationTtlMs / 1000))
        .sign(secret);
    },
    async verifyEmailConfirmation(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [TOKEN_SETTINGS.algorithm],
          issuer: TOKEN_SETTINGS.issuer,
          audience: CONFIRMATION_AUDIENCE,
          currentDate: now(),
          requiredClaims: ['sub', 'exp'],
        });
        return typeof payload.sub === 'string' && typeof payload.email === 'string' ? { userId: payload.sub, email: payload.email } : null;
      } catch {
        return null;
      }
    },
  };
}
