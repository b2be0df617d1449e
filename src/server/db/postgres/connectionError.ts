/**
 * Turns a failure to reach the PostgreSQL database of REELSCOPE_DATABASE_URL into the one line a start prints: where
 * (host and port, never the password) and why, in words a person can act on. No stack trace, no driver jargon.
 */

/** A start that cannot use its PostgreSQL database; `message` is the one line to print. */
export class DatabaseConnectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseConnectionError';
  }
}

interface Target {
  where: string;
  user: string;
  database: string;
}

/** Host, port, user and database named by the URL, for the message; null when it is not a postgres:// URL. */
export function describeTarget(url: string): Target | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') return null;
  const host = parsed.hostname || 'localhost';
  return {
    where: `${host}:${parsed.port || '5432'}`,
    user: decodeURIComponent(parsed.username) || 'postgres',
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || decodeURIComponent(parsed.username) || 'postgres',
  };
}

/** The line for a URL that is not a PostgreSQL URL at all. */
export function invalidUrlLine(): string {
  return 'REELSCOPE_DATABASE_URL is not a PostgreSQL URL: write it as postgres://user:password@host:5432/database.';
}

interface DriverError {
  code?: string;
  message?: string;
  errors?: unknown[];
}

/** The first error with a code: Node reports a host with several addresses as an AggregateError of one per address. */
function rootCause(error: unknown): DriverError {
  const driver = (error ?? {}) as DriverError;
  if (!driver.code && Array.isArray(driver.errors) && driver.errors.length > 0) return rootCause(driver.errors[0]);
  return driver;
}

function causeOf(error: unknown, target: Target): string {
  const { code, message = '' } = rootCause(error);
  switch (code) {
    case 'ECONNREFUSED':
      return 'nothing answers on that port (is PostgreSQL running, and on that port?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'that host name is not known (check the host in REELSCOPE_DATABASE_URL)';
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host cannot be reached from this machine (check the address and any firewall)';
    case 'ECONNRESET':
      return 'the server closed the connection while signing in (check that it is PostgreSQL and its SSL setting)';
    case '28P01':
      return `the password of user "${target.user}" was refused`;
    case '28000':
      return `user "${target.user}" may not sign in there (${message})`;
    case '3D000':
      return `database "${target.database}" does not exist (create it first, see README)`;
    case '53300':
      return 'the server has no free connections left (raise max_connections or stop other clients)';
    case '57P03':
      return 'the server is starting up or shutting down (try again in a moment)';
  }
  if (/client password must be a string/.test(message)) return `the server asks for a password and the URL gives none for user "${target.user}"`;
  if (/timeout/i.test(message)) return 'the server did not answer in time (check the address and any firewall)';
  if (/SSL/i.test(message)) return `the SSL setting does not match the server's (${message})`;
  return message.split('\n')[0] || 'an unknown error';
}

/** The one line for a failed connection to `url`. */
export function connectionErrorLine(url: string, error: unknown): string {
  const target = describeTarget(url);
  if (!target) return invalidUrlLine();
  return `Cannot open the PostgreSQL database at ${target.where}: ${causeOf(error, target)}.`;
}

/** Network and server-state errors after which the same query may work later: the database, not the query, failed. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, crash, cannot connect now). */
const UNREACHABLE_STATES = /^(08|57P0[1-3])/;
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

/** Whether a query failed because PostgreSQL could not be reached (rather than because of the query). */
export function isDatabaseUnreachable(error: unknown): boolean {
  const { code, message = '' } = rootCause(error);
  if (code && (UNREACHABLE_CODES.has(code) || UNREACHABLE_STATES.test(code))) return true;
  return UNREACHABLE_MESSAGES.test(message);
}
