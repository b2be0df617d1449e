import type { FastifyReply } from 'fastify';

/** Answers HTTP 208 with `{error_message}`: how the product reports sign-in, sign-up and recovery errors (spec §8). */
export function reply208(reply: FastifyReply, message: string): { error_message: string } {
  reply.code(208);
  return { error_message: message };
}
