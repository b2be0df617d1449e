import type { IncomingMessage } from 'node:http';

/** How much of an oversized body is read and thrown away before answering 413; past it the connection is cut. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Reads the rest of a request body and discards it, up to a bound. Answering 413 (with Connection: close) while the
 * client is still sending makes the server close the socket under it, and the client then sees a broken pipe
 * instead of the status; once the body has arrived, it reads the 413. Resolves when the body ended, the bound or
 * the timeout was reached, or the connection went away.
 */
export function drainBody(raw: IncomingMessage, limit = DRAIN_LIMIT_BYTES): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) finish();
    };
    const timer = setTimeout(finish, DRAIN_TIMEOUT_MS);
    timer.unref();
    raw.on('data', onData);
    raw.on('end', finish);
    raw.on('error', finish);
    raw.on('close', finish);
    raw.resume();
  });
}
