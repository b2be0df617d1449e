/**
 * Issue 26 item 24: the web host's session belongs to the browser that signed in. Storing the tokens after a sign-in
 * mints an HttpOnly, SameSite=Strict cookie; the host calls that read or use the stored session answer "signed out"
 * to a browser without it. Only the cookie's hash is kept (in memory and in the data folder, so a restart of the web
 * host keeps that browser signed in, as the keychain keeps the tokens).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IpcChannel } from '../../shared/ipc/contract';
import { TOKEN_SETTINGS } from '../auth/tokenSettings';

/** Host calls that hand out or act with the stored session (the back end on the signed-in person's behalf). */
export const SESSION_BOUND_CHANNELS: ReadonlySet<IpcChannel> = new Set<IpcChannel>([
  'secrets.getToken',
  'session.refresh',
  'downloads.start',
  'transcripts.export',
  'uploads.start',
  'creators.exportCsv',
  'licensing.exportCsv',
  'reports.export',
  'reports.schedule',
]);

/** Said to a browser that is not the one signed in on this web host. */
export const NOT_THIS_BROWSER = 'You are signed out in this browser. Sign in again to continue.';

export interface SessionBinding {
  /** True when the request's Cookie header carries this web host's binding. */
  matches(cookieHeader: string | undefined): boolean;
  /** Binds the session to a new secret and answers the Set-Cookie value that hands it to the browser. */
  mint(): string;
  /** Unbinds (sign-out) and answers the Set-Cookie value that removes the cookie. */
  clear(): string;
}

const BINDING_MAX_AGE_SECONDS = Math.floor(TOKEN_SETTINGS.refreshTtlMs / 1000);

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/**
 * `dataDir` keeps the hash across restarts; `port` names the cookie, since browsers share cookies between ports of
 * one host and two web hosts on one computer must not sign each other's browsers in or out.
 */
export function createSessionBinding(options: { dataDir: string; port: () => number }): SessionBinding {
  const file = join(options.dataDir, 'web-session-binding');
  let bound: Buffer | null = existsSync(file) ? Buffer.from(readFileSync(file, 'utf8').trim(), 'hex') : null;
  const name = () => `reelscope_session_${options.port()}`;
  const attributes = 'Path=/; HttpOnly; SameSite=Strict';

  return {
    matches(cookieHeader) {
      const presented = cookieValue(cookieHeader, name());
      if (!bound || bound.length !== 32 || !presented) return false;
      return timingSafeEqual(sha256(presented), bound);
    },
    mint() {
      const secret = randomBytes(32).toString('base64url');
      bound = sha256(secret);
      mkdirSync(options.dataDir, { recursive: true });
      writeFileSync(file, bound.toString('hex'), { mode: 0o600 });
      // Kept as long as a refresh token lives, so closing the browser does not sign out where the tokens persist.
      return `${name()}=${secret}; ${attributes}; Max-Age=${BINDING_MAX_AGE_SECONDS}`;
    },
    clear() {
      bound = null;
      rmSync(file, { force: true });
      return `${name()}=; ${attributes}; Max-Age=0`;
    },
  };
}
