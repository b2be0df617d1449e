import type { FastifyReply } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import { HttpError } from '../http/httpError';
import type { FailedAttemptLimiter } from './failedAttemptLimiter';

/**
 * Runs one account probe from a client address (a sign-in, sign-up, password recovery or confirmation request),
 * across every account: 429 when the address's window is full. The probe is reserved before it runs, so parallel
 * requests cannot all pass while a password is hashed; it counts when `counts` says its answer told something about
 * an account, and is given back otherwise (a session opened, a request refused before any lookup, an error).
 */
export async function withAddressProbe<T>(
  limiter: FailedAttemptLimiter, address: string, run: () => T | Promise<T>, counts: (result: T) => boolean,
  /**
   * What runs instead of the 429 once the address is full, for a request that can be answered without telling an
   * account apart (a sign-in: a right password signs in, everything else is answered with that same 429).
   */
  whenFull?: () => Promise<T>,
): Promise<T> {
  const ticket = await limiter.reserve(address);
  if (!ticket && whenFull) return whenFull();
  if (!ticket) throw new HttpError(429, MESSAGES.tooManyAddressAttempts);
  try {
    const result = await run();
    if (counts(result)) await ticket.fail();
    return result;
  } finally {
    await ticket.release();
  }
}

/** `counts` for the routes whose account answers are the spec's 208 (an unknown email, a wrong password, a taken email). */
export const answered208 = (reply: FastifyReply) => (): boolean => reply.statusCode === 208;
/** `counts` for requests that tell about an account whatever they answer (recovery, confirmation mail). */
export const always = (): boolean => true;
