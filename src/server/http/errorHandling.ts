import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, errorBody } from './httpError';
import { drainBody } from './drainBody';
import { HTTP_MESSAGES } from './httpMessages';
import { StoreTextError, StoreUnavailableError } from '../db/sqlClient';
import { MESSAGES } from '../../shared/messages';

/** Fastify's own client-error codes that get a friendlier text than the framework's. */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGES.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: HTTP_MESSAGES.emptyJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES.unsupportedMediaType,
};

function causeText(cause: unknown): string | undefined {
  if (cause === undefined) return undefined;
  return cause instanceof Error ? cause.message : String(cause);
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';
}

/** Installs the JSON error and not-found handlers: every failure answers `{statusCode, error, message}`. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      // A 5xx we answer on purpose (a store that did not answer, no data folder) is foreseen, not our bug: a warning
      // with its reason and cause is what an operator needs; a stack of the throw site would only flood the log.
      if (error.statusCode >= 500) request.log.warn({ statusCode: error.statusCode, reason: error.message, cause: causeText(error.cause) }, 'answered with a server error');
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message, error.code));
    }
    if (error instanceof StoreUnavailableError) {
      // The database is down or restarting: the spec's server-down answer; the pool reconnects on a later request.
      request.log.warn({ err: error.cause }, 'database unreachable');
      return reply.code(503).send(errorBody(503, MESSAGES.serverDown));
    }
    if (error instanceof StoreTextError) return reply.code(400).send(errorBody(400, error.message));
    if (isFastifyError(error) && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return drainBody(request.raw).then(() => reply.code(413).send(errorBody(413, HTTP_MESSAGES.bodyTooLarge)));
    }
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Body parser failures (often a JSON SyntaxError carrying statusCode 400) are the client's fault: say what was wrong.
      const message = (error.code && FRAMEWORK_MESSAGES[error.code]) ?? (error instanceof SyntaxError ? HTTP_MESSAGES.malformedJson : error.message);
      return reply.code(error.statusCode).send(errorBody(error.statusCode, message));
    }
    // Anything else is our bug: log it with its stack (at every log level), answer a generic text so nothing internal leaks.
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, HTTP_MESSAGES.internalError));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404, HTTP_MESSAGES.notFound)));
}
