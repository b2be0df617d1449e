import type { FastifyInstance } from 'fastify';

const NON_ASCII = /[\u0080-\uffff]/g;
const escapeUnit = (unit: string): string => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON text with every non-ASCII UTF-16 unit written as a `\uXXXX` escape (the same value once parsed). Outside
 * strings JSON is ASCII already, and a surrogate pair becomes two escapes, which JSON reads back as one character.
 */
export function toAsciiJson(value: unknown): string {
  return JSON.stringify(value).replace(NON_ASCII, escapeUnit);
}

/**
 * Object answers are serialised as ASCII-only JSON. A browser holds a body that is all ASCII as one-byte text, while
 * a single "—" in one title makes it decode and keep the whole body as two-byte text, which then takes longer to parse
 * and leaves more to collect: for the videos list at 1000 rows, about 2 ms of the time from response to painted rows.
 */
export function installAsciiJson(app: FastifyInstance): void {
  app.setReplySerializer((payload) => toAsciiJson(payload));
}
