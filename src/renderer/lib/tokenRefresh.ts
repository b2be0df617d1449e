import type { StoredTokens } from '../../shared/ipc/contract';

/** Raised to every waiting request when the refresh was refused and the person is signed out. */
export class SessionExpiredError extends Error {
  constructor(override readonly cause: unknown) {
    super('The session could not be renewed.');
    this.name = 'SessionExpiredError';
  }
}

export interface TokenRefreshDeps {
  /** The tokens held in memory right now. */
  getTokens(): StoredTokens | null;
  /** Sends PUT /jwt_api/session {refresh_token}; resolves the new pair or rejects. */
  requestRefresh(refreshToken: string): Promise<StoredTokens>;
  /** Keeps the new pair (in memory at once, then in the host's store). */
  onRefreshed(tokens: StoredTokens): void;
  /** The refresh failed: the wiring decides between "server down" and signing out. */
  onRefreshFailed(error: unknown): void;
}

/** The single-flight refresh shared by every HTTP client and the Apollo link. */
export interface TokenRefresher {
  /** Resolves when no refresh is running, so new requests wait instead of sending a stale jwt. */
  settled(): Promise<void>;
  /**
   * A request sent with `usedJwt` was answered 401. Resolves the jwt to retry with: a newer one if another
   * request already renewed it, else the result of the one shared refresh. Rejects when the refresh failed.
   */
  renew(usedJwt: string | null): Promise<string>;
}

export function createTokenRefresher(deps: TokenRefreshDeps): TokenRefresher {
  let inFlight: Promise<string> | null = null;

  const start = (refreshToken: string): Promise<string> => {
    const run = deps
      .requestRefresh(refreshToken)
      .then((pair) => {
        deps.onRefreshed(pair);
        return pair.jwt;
      })
      .catch((error: unknown) => {
        deps.onRefreshFailed(error);
        throw error instanceof SessionExpiredError ? error : new SessionExpiredError(error);
      })
      .finally(() => {
        inFlight = null;
      });
    inFlight = run;
    return run;
  };

  return {
    async settled() {
      if (inFlight) await inFlight.catch(() => undefined);
    },
    renew(usedJwt) {
      if (inFlight) return inFlight;
      const tokens = deps.getTokens();
      if (!tokens) return Promise.reject(new SessionExpiredError(null));
      // A 401 that arrives after someone else's refresh finished must not start another one.
      if (usedJwt !== null && tokens.jwt !== usedJwt) return Promise.resolve(tokens.jwt);
      return start(tokens.refreshToken);
    },
  };
}
