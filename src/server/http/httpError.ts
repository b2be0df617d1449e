import { STATUS_CODES } from 'node:http';
import { HTTP_MESSAGES } from './httpMessages';

/** An error a route throws on purpose; the error handler answers it as `{statusCode, error, message, code?}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

/** 404 with the generic text: used for missing records and for records the caller may not see (no existence leak). */
export function notFound(): HttpError {
  return new HttpError(404, HTTP_MESSAGES.notFound);
}

/** The record, or a 404 when there is none (missing, or the caller's brand may not see it). */
export function found<T>(record: T | null | undefined): T {
  if (record === null || record === undefined) throw notFound();
  return record;
}

/** 401 with the given text. */
export function unauthorized(message: string = HTTP_MESSAGES.tokenInvalid): HttpError {
  return new HttpError(401, message);
}

/** 400 with a message naming the offending field. */
export function badRequest(message: string): HttpError {
  return new HttpError(400, message);
}

/** The JSON body of every non-2xx answer. */
export function errorBody(statusCode: number, message: string, code?: string): { statusCode: number; error: string; message: string; code?: string } {
  const body = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  return code ? { ...body, code } : body;
}
