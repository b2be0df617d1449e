import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import './fastifyTypes';

/** Fastify's logger option in its object form (pino's options with Fastify's serializers). */
type LoggerObjectOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The levels REELSCOPE_LOG_LEVEL may name, most to least severe (pino's names). */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How the back end logs: the level and, for tests, where the lines go (default stdout). */
export interface RequestLogOptions {
  level: LogLevel;
  stream?: { write(line: string): void };
}

/**
 * REELSCOPE_LOG_LEVEL (or its former name REELSCOPE_LOG) as a level: a pino level name, `1` or unset for info (a line
 * per request), `0` for errors only. 5xx answers are logged with their stack at every level, so `fatal` and `silent`
 * mean errors only as well.
 */
export function logLevelFromEnv(value: string | undefined): LogLevel {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === '1') return 'info';
  if (text === '0' || text === 'fatal' || text === 'silent') return 'error';
  if ((LOG_LEVELS as readonly string[]).includes(text)) return text as LogLevel;
  throw new Error(`REELSCOPE_LOG_LEVEL must be a log level (${LOG_LEVELS.join(', ')}), 1 (info) or 0 (errors only), got "${value}".`);
}

/** An incoming X-Request-Id worth keeping: a short token of letters, digits and `._:-` (nothing that could forge a log line). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request's id: the X-Request-Id a load balancer or client sent when it is a short safe token (so one id follows a
 * request through the proxy's log and ours), else a random UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

const CENSOR = '[redacted]';
/** Query parameters that carry a credential: PubNub's auth key, widget and reset tokens, signed-URL signatures, keys. */
const SECRET_PARAM = /^(auth|auth_?key|token|.*_token|key|api_?key|sig|signature|password|secret|code|jwt)$/i;
/**
 * Path segments that are credentials or private text: upload targets, a GET publish's chat message and an invitation
 * link's token (it signs its holder up into the brand).
 */
const SECRET_PATHS: readonly RegExp[] = [
  /^(\/media\/upload\/)[^/?]+/, /^(\/publish\/[^/]+\/[^/]+\/0\/[^/]+\/0\/)[^?]+/, /^(\/jwt_api\/team\/invitations\/)[^/?]+/,
];

/** A request URL as it may be logged: credential query values and path segments replaced by [redacted]. */
export function redactedUrl(url: string): string {
  const mark = url.indexOf('?');
  let path = mark === -1 ? url : url.slice(0, mark);
  for (const secret of SECRET_PATHS) path = path.replace(secret, `$1${CENSOR}`);
  if (mark === -1) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent; only its value could be a secret.
      }
      return equals !== -1 && SECRET_PARAM.test(decoded) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * Objects a handler might log beside the request (`request.log.info({ body })`): headers carrying a session, a key or
 * a cookie, and the body fields that hold passwords and tokens. The request itself is logged by `req` below, which
 * writes neither headers nor body.
 */
const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'req.headers["x-reelscope-host-token"]',
  'headers.authorization', 'headers.cookie', 'headers["x-api-key"]', 'res.headers["set-cookie"]',
  ...['password', 'new_password', 'current_password', 'token', 'refresh_token', 'id_token', 'jwt', 'api_key', 'shop_token', 'store_token', 'auth', 'app_secret', 'auth_code']
    .flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** Fastify's logger options: request ids on every line, URLs redacted, 5xx errors with their stack (see errorHandling). */
export function loggerOptions(options: RequestLogOptions): LoggerObjectOptions {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactedUrl(request.url), remoteAddress: request.ip }),
    },
  };
}

/**
 * One line per answered request (Fastify's own two request lines are turned off): its id, method, route pattern,
 * redacted URL, status, duration and who asked (user and brand, when the request was authenticated). The arrival is
 * logged at debug only, for following a request that never finishes (a long poll, a stuck upload).
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    request.log.debug({ method: request.method, url: redactedUrl(request.url) }, 'request received');
  });
  app.addHook('onResponse', async (request, reply) => {
    const brandId = request.auth?.brandId ?? request.apiKeyAuth?.brandId ?? null;
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        url: redactedUrl(request.url),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        ...(request.auth ? { userId: request.auth.userId } : {}),
        ...(brandId ? { brandId } : {}),
      },
      'request completed',
    );
  });
}
