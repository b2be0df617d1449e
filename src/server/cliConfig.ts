import { isIP } from 'node:net';
import { DEFAULT_BACKEND_PORT } from '../shared/constants';
import { defaultDataDir } from './dataDir';
import { logLevelFromEnv, type LogLevel } from './http/requestLog';

/** What `npm run server` starts with, read from the environment. */
export interface CliConfig {
  port: number;
  /** REELSCOPE_HOST: the address to listen on; 127.0.0.1 (this computer only) unless a server sets it. */
  host: string;
  /** Host names requests may carry besides loopback: REELSCOPE_ALLOWED_HOSTS and the host of REELSCOPE_PUBLIC_URL. */
  allowedHosts: string[];
  /** REELSCOPE_TRUSTED_PROXIES: the load balancers (addresses or CIDR ranges) whose X-Forwarded-For names the client. */
  trustedProxies: string[];
  dataDir: string;
  allowedOrigins: string[];
  /** False when REELSCOPE_SEED=0: start with an empty database (tests, support cases). */
  seed: boolean;
  /** REELSCOPE_LOG_LEVEL (formerly REELSCOPE_LOG): a pino level name, 1 / unset (info) or 0 (errors only). */
  logLevel: LogLevel;
  /** REELSCOPE_LOG_FILE: the file the log goes to (the desktop app and the web host set it); null writes to stdout. */
  logFile: string | null;
}

function parsePort(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number (0-65535), got "${text}".`);
  return port;
}

function parseHost(text: string | undefined): string {
  const host = text?.trim() ?? '';
  if (host === '') return '127.0.0.1';
  if (isIP(host) === 0) throw new Error(`REELSCOPE_HOST must be an IP address to listen on (127.0.0.1, 0.0.0.0, ::), got "${text}".`);
  return host;
}

/** An IP address or a CIDR range (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

function parseTrustedProxies(text: string | undefined): string[] {
  const entries = (text ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) throw new Error(`REELSCOPE_TRUSTED_PROXIES must list IP addresses or CIDR ranges (10.0.0.0/8), got "${wrong}".`);
  return entries;
}

/** The host names (lower case, without port) a server is reached under, so its Host header check lets them through. */
function allowedHostsOf(env: NodeJS.ProcessEnv): string[] {
  const listed = (env.REELSCOPE_ALLOWED_HOSTS ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
  const publicUrl = URL.parse(env.REELSCOPE_PUBLIC_URL?.trim() ?? '');
  return [...new Set([...listed, ...(publicUrl ? [publicUrl.hostname.toLowerCase()] : [])])];
}

/**
 * Whether a start seeds the demo workspace into an empty database: the embedded engine does unless REELSCOPE_SEED=0
 * (a fresh install shows the demo); a team server on PostgreSQL only with REELSCOPE_SEED=1 (a team's new server starts
 * empty unless asked).
 */
function seedWanted(env: NodeJS.ProcessEnv): boolean {
  const asked = env.REELSCOPE_SEED?.trim();
  if (asked === '0') return false;
  if (asked === '1') return true;
  return !env.REELSCOPE_DATABASE_URL?.trim();
}

/**
 * Reads REELSCOPE_PORT, REELSCOPE_HOST, REELSCOPE_ALLOWED_HOSTS and REELSCOPE_TRUSTED_PROXIES (a server's listen
 * address, names and load balancers),
 * REELSCOPE_DATA_DIR, REELSCOPE_WEB_PORT (its loopback origins are allowed; the web host sets it when it starts the back end), REELSCOPE_ALLOWED_ORIGINS (comma-separated extra origins) and REELSCOPE_SEED
 * (0 skips the demo seed, 1 seeds a team server's empty database), REELSCOPE_LOG_LEVEL (the log level) and REELSCOPE_LOG_FILE (where it goes). The Electron origin is added by the app itself. A back end started alone allows no web
 * origin: reflecting a default web port nobody serves would let whatever later listens there read the API.
 */
export function readCliConfig(env: NodeJS.ProcessEnv = process.env): CliConfig {
  const webPort = env.REELSCOPE_WEB_PORT?.trim() ? parsePort('REELSCOPE_WEB_PORT', env.REELSCOPE_WEB_PORT, 0) : null;
  const extra = (env.REELSCOPE_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  return {
    port: parsePort('REELSCOPE_PORT', env.REELSCOPE_PORT, DEFAULT_BACKEND_PORT),
    host: parseHost(env.REELSCOPE_HOST),
    allowedHosts: allowedHostsOf(env),
    trustedProxies: parseTrustedProxies(env.REELSCOPE_TRUSTED_PROXIES),
    dataDir: env.REELSCOPE_DATA_DIR?.trim() || defaultDataDir(),
    allowedOrigins: [...(webPort === null ? [] : [`http://127.0.0.1:${webPort}`, `http://localhost:${webPort}`]), ...extra],
    seed: seedWanted(env),
    logLevel: logLevelFromEnv(env.REELSCOPE_LOG_LEVEL ?? env.REELSCOPE_LOG),
    logFile: env.REELSCOPE_LOG_FILE?.trim() || null,
  };
}
