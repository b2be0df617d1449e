/**
 * The host's own HTTP client of the back end (downloads and transcript export run in main, not in the renderer):
 * bearer from the secrets service, on 401 the host's one shared refresh (sessionRefresh.service: one PUT
 * /jwt_api/session {refresh_token} for every window and host client), then one retry.
 */
import type { z } from 'zod';
import { HostError } from '../../shared/ipc/handlers';
import type { BackendInfo, ServiceUrls, StoredTokens } from '../../shared/ipc/contract';
import type { SecretsService } from './secrets.service';
import type { SessionRefresher } from './sessionRefresh.service';
import { createSessionRefresher, SESSION_REFRESH_MESSAGES } from './sessionRefresh.service';

export interface BackendClient {
  /** Calls `<service url><path>` with the bearer and answers the body parsed by `schema`. Throws HostError on failure. */
  json<S extends z.ZodType>(service: keyof ServiceUrls, method: 'GET' | 'POST', path: string, body: unknown, schema: S): Promise<z.output<S>>;
  /** GETs `<service url><path>` with the bearer (one refresh on 401) and answers the successful raw response (streamed bodies). Throws HostError on failure. */
  raw(service: keyof ServiceUrls, path: string): Promise<Response>;
  /** An absolute URL for a path the back end answered relative to its origin (signed media URLs, thumbnails). */
  absolute(pathOrUrl: string): string;
  /** The acting brand (settings marker bId) to send as brand_id, when known. */
  brandId(): string | undefined;
}

export interface BackendClientDeps {
  backend: () => BackendInfo;
  secrets: Pick<SecretsService, 'get' | 'set'>;
  /** The host's one refresh shared with every window; a client built without it (tests) gets its own. */
  sessionRefresh?: SessionRefresher;
  brandId: () => string | null;
}

export const BACKEND_MESSAGES = {
  signedOut: 'You are signed out. Sign in again to continue.',
  unreachable: SESSION_REFRESH_MESSAGES.unreachable,
} as const;

function errorMessage(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'error_message', 'error']) if (typeof record[key] === 'string' && record[key] !== '') return record[key];
  }
  return `The server answered ${status}.`;
}

/** Creates the client; every call reads the current back-end address and tokens (they change at run time). */
export function createBackendClient(deps: BackendClientDeps): BackendClient {
  const session = deps.sessionRefresh ?? createSessionRefresher({ backend: deps.backend, secrets: deps.secrets, now: () => Date.now() });

  function info(): BackendInfo {
    const current = deps.backend();
    if (current.state !== 'running' || !current.origin) throw new HostError('unavailable', BACKEND_MESSAGES.unreachable);
    return current;
  }

  /** The host's shared refresh; a refusal reads as "signed out" here, an unreachable back end as itself. */
  async function refresh(stale: StoredTokens): Promise<StoredTokens> {
    try {
      return await session.renew(stale.refreshToken);
    } catch (error) {
      if (error instanceof HostError && error.code === 'unavailable') throw error;
      throw new HostError('failed', BACKEND_MESSAGES.signedOut);
    }
  }

  async function send(url: string, method: string, body: unknown, tokens: StoredTokens): Promise<Response> {
    try {
      return await fetch(url, {
        method,
        headers: { authorization: `Bearer ${tokens.jwt}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new HostError('unavailable', BACKEND_MESSAGES.unreachable);
    }
  }

  async function authorized(url: string, method: string, body: unknown): Promise<Response> {
    let tokens = await deps.secrets.get();
    if (!tokens) throw new HostError('failed', BACKEND_MESSAGES.signedOut);
    let response = await send(url, method, body, tokens);
    if (response.status === 401) {
      tokens = await refresh(tokens);
      response = await send(url, method, body, tokens);
    }
    return response;
  }

  return {
    async json(service, method, path, body, schema) {
      const response = await authorized(`${info().urls[service]}${path}`, method, body);
      const parsed: unknown = await response.json().catch(() => null);
      if (!response.ok) throw new HostError('failed', errorMessage(parsed, response.status));
      const result = schema.safeParse(parsed);
      if (!result.success) throw new HostError('failed', 'The server sent an answer this version of Reelscope does not understand.');
      return result.data;
    },
    async raw(service, path) {
      const response = await authorized(`${info().urls[service]}${path}`, 'GET', undefined);
      if (!response.ok) {
        const parsed: unknown = await response.json().catch(() => null);
        throw new HostError('failed', errorMessage(parsed, response.status));
      }
      return response;
    },
    absolute(pathOrUrl) {
      return new URL(pathOrUrl, info().origin).href;
    },
    brandId() {
      return deps.brandId() ?? undefined;
    },
  };
}
