import { Transform, pipeline } from 'node:stream';
import type { Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, errorBody } from './httpError';

export const COMPRESSED_BODY_MESSAGES = {
  notTaken: 'This address does not take a compressed body: send it without Content-Encoding.',
  unknownEncoding: 'Compress the body with deflate or gzip, or send it without Content-Encoding.',
  broken: 'The compressed body could not be read: it is not complete deflate or gzip data.',
} as const;

const DECODED = new Set(['deflate', 'gzip']);

/** The request's Content-Encoding, lower case; '' when it sends none (or says identity). */
function encodingOf(request: FastifyRequest): string {
  const encoding = String(request.headers['content-encoding'] ?? '').trim().toLowerCase();
  return encoding === 'identity' ? '' : encoding;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Inflates `payload` into a stream of at most `limit` bytes. Every stream made here has its errors handled: a broken
 * body or one that inflates past the limit ends the returned stream with an HttpError (which Fastify's body reader
 * answers while it reads, and which is swallowed once it has stopped), never an 'error' event nobody listens for. The
 * request itself is not destroyed, so the client still reads the answer.
 */
function inflated(payload: Readable, encoding: string, limit: number, tooLargeMessage: string): Readable {
  const inflate = encoding === 'gzip' ? createGunzip() : createInflate();
  let encoded = 0;
  let decoded = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      decoded += chunk.length;
      next(decoded > limit ? new HttpError(413, tooLargeMessage) : null, decoded > limit ? undefined : chunk);
    },
  });
  payload.on('data', (chunk: Buffer) => {
    encoded += chunk.length;
    // Fastify compares Content-Length with the encoded size the stream it reads reports.
    (bounded as unknown as { receivedEncodedLength: number }).receivedEncodedLength = encoded;
  });
  payload.on('error', (error) => inflate.destroy(error));
  // Before pipeline's own listener, so the reader gets the sentence rather than zlib's words.
  inflate.on('error', (error: Error & { code?: string }) => {
    if (error.code?.startsWith('Z_')) bounded.destroy(new HttpError(400, COMPRESSED_BODY_MESSAGES.broken));
  });
  payload.pipe(inflate);
  // pipeline listens for errors on both streams for their whole life and destroys both on the first one. The rest of
  // the request is then read and dropped, so the client, done sending, reads the answer (sent with Connection: close).
  pipeline(inflate, bounded, (error) => {
    if (!error) return;
    payload.unpipe(inflate);
    payload.resume();
  });
  return bounded;
}

/**
 * Compressed request bodies (Content-Encoding). Only routes that opt in (`config.compressedBody`, e.g. PubNub's POST
 * publish, which the SDK deflates) take one: it is inflated up to the route's body limit, past which it answers 413
 * with the route's message, and a broken one answers 400. Every other route answers 415 before reading any of it, so
 * no parser or file write ever sees compressed bytes it would take at face value.
 */
export function installCompressedBodies(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const encoding = encodingOf(request);
    if (encoding === '' || !hasBody(request)) return;
    const taken = request.routeOptions.config.compressedBody !== undefined;
    if (taken && DECODED.has(encoding)) return;
    reply.header('connection', 'close');
    return reply.code(415).send(errorBody(415, taken ? COMPRESSED_BODY_MESSAGES.unknownEncoding : COMPRESSED_BODY_MESSAGES.notTaken));
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const compressed = request.routeOptions.config.compressedBody;
    const encoding = encodingOf(request);
    if (!compressed || !DECODED.has(encoding)) return payload;
    return inflated(payload, encoding, request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024, compressed.tooLargeMessage);
  });
}
