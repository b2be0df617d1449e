import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

/** The OpenID provider the back end trusts for "Sign up with Google", from its environment; none on the embedded workspace. */
export interface GoogleSignInConfig { issuer: string; clientId: string }

export function googleSignInConfig(env: NodeJS.ProcessEnv = process.env): GoogleSignInConfig | null {
  const issuer = z.url({ protocol: /^https?$/ }).safeParse(env.REELSCOPE_GOOGLE_ISSUER ?? '').data;
  const clientId = env.REELSCOPE_GOOGLE_CLIENT_ID?.trim();
  return issuer && clientId ? { issuer: issuer.replace(/\/+$/, ''), clientId } : null;
}

const DiscoverySchema = z.object({ issuer: z.string(), jwks_uri: z.url() });
const ClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.boolean().optional(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  name: z.string().max(200).optional(),
});
export type GoogleIdentity = z.infer<typeof ClaimsSchema>;

/**
 * Checks an ID token as OpenID Connect asks: signed by a key of the provider's published set (found by discovery),
 * issued by it, for this client, not expired; and it must name a verified email. Answers null for anything else.
 */
export function createGoogleVerifier(config: GoogleSignInConfig) {
  let keys: Promise<JWTVerifyGetKey> | null = null;
  const keySet = () => {
    keys ??= fetch(`${config.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) })
      .then(async (response) => DiscoverySchema.parse(await response.json()))
      .then((discovered) => createRemoteJWKSet(new URL(discovered.jwks_uri)));
    keys.catch(() => { keys = null; });
    return keys;
  };
  return async (idToken: string): Promise<GoogleIdentity | null> => {
    try {
      const { payload } = await jwtVerify(idToken, await keySet(), { issuer: config.issuer, audience: config.clientId });
      const claims = ClaimsSchema.safeParse(payload);
      return claims.success && claims.data.email_verified !== false ? claims.data : null;
    } catch {
      return null;
    }
  };
}
