/**
 * The host's one token refresh (issue 26 item 29). Every window of Electron main or of the web host, and the host's
 * own back-end clients, share one session: they all renew it here, so only one PUT /jwt_api/session {refresh_token}
 * is ever in flight and a caller holding an already rotated pair is handed the current one instead of presenting its
 * spent refresh token (which the back end would take for a stolen one and end the session everywhere).
 */
import { TokenPairSchema } from '../../shared/http/auth.schemas';
import type { BackendInfo, StoredTokens } from '../../shared/ipc/contract';
import { HostError } from '../../shared/ipc/handlers';
import { MESSAGES } from '../../shared/messages';
import type { SecretsService } from './secrets.service';

export interface SessionRefresher {
  /**
   * Renews the session for a caller whose request was refused with 401 while it held `presented` (its refresh token).
   * Answers the host's current pair: the stored one when another caller already renewed past `presented` and its jwt
   * is still good, else the result of the one shared refresh. Throws HostError 'failed' when the back end refused
   * (signed out) and 'unavailable' when it did not answer.
   */
  renew(presented: string): Promise<StoredTokens>;
}

export interface SessionRefreshDeps {
  backend: () => BackendInfo;
  secrets: Pick<SecretsService, 'get' | 'set'>;
  /** Milliseconds since the epoch (the host's clock). */
  now: () => number;
}

export const SESSION_REFRESH_MESSAGES = {
  signedOut: MESSAGES.sessionExpired,
  unreachable: 'The Reelscope server cannot be reached. Check that it is running and try again.',
} as const;

/** As long as the renderer's own requests wait for an answer before calling the server unreachable. */
const REFRESH_TIMEOUT_MS = 15_000;

/** A stored jwt this close to its expiry is renewed rather than handed out (it would be refused on the way). */
const EXPIRY_MARGIN_MS = 30_000;

/** The jwt's exp in ms, or null when it cannot be read (a hosted back end's token need not be a readable JWT). */
function expiryOf(jwt: string): number | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function createSessionRefresher(deps: SessionRefreshDeps): SessionRefresher {
  let inFlight: Promise<StoredTokens> | null = null;

  async function exchange(refreshToken: string): Promise<StoredTokens> {
    const info = deps.backend();
    if (info.state !== 'running' || !info.origin) throw new HostError('unavailable', SESSION_REFRESH_MESSAGES.unreachable);
    let response: Response;
    try {
      response = await fetch(`${info.urls.main}/session`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
        // Every request of every window waits for this answer: a back end that hangs must not hold them forever.
        signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
      });
    } catch {
      throw new HostError('unavailable', SESSION_REFRESH_MESSAGES.unreachable);
    }
    const pair = TokenPairSchema.safeParse(await response.json().catch(() => null));
    if (!response.ok || !pair.success) throw new HostError('failed', SESSION_REFRESH_MESSAGES.signedOut);
    const next = { jwt: pair.data.jwt, refreshToken: pair.data.refresh_token };
    // Stored before anyone is released: a caller arriving after this refresh reads the new pair, never the spent one.
    await deps.secrets.set(next);
    return next;
  }

  function stillGood(tokens: StoredTokens): boolean {
    const expiry = expiryOf(tokens.jwt);
    return expiry === null || expiry - EXPIRY_MARGIN_MS > deps.now();
  }

  return {
    async renew(presented) {
      if (inFlight) return inFlight;
      const stored = await deps.secrets.get();
      // Checked again after the (possibly slow) keychain read: another caller may have started the refresh meanwhile.
      if (inFlight) return inFlight;
      if (!stored) throw new HostError('failed', SESSION_REFRESH_MESSAGES.signedOut);
      if (stored.refreshToken !== presented && stillGood(stored)) return stored;
      inFlight = exchange(stored.refreshToken).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
