import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Where people outside this machine reach the back end (campaign submission links, widget snippets): a hosted back
 * end's REELSCOPE_PUBLIC_URL, else the address this request reached. No trailing slash.
 */
export function publicOrigin(request: FastifyRequest): string {
  const configured = z.url({ protocol: /^https?$/ }).safeParse(process.env.REELSCOPE_PUBLIC_URL ?? '').data;
  return (configured ?? `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`).replace(/\/+$/, '');
}
