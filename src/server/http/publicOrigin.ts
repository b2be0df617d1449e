import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Where people outside this machine reach the back end (campaign submission links, widget snippets): a hosted back
 * end's REELSCOPE_PUBLIC_URL, else the address this request reached. No trailing slash.
 */
export function publicOrigin(request: FastifyRequest): string {
  return configuredPublicUrl() ?? `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`;
}

/** REELSCOPE_PUBLIC_URL when it is an http(s) address, without a trailing slash; else null (a back end of one computer). */
export function configuredPublicUrl(): string | null {
  const configured = z.url({ protocol: /^https?$/ }).safeParse(process.env.REELSCOPE_PUBLIC_URL ?? '').data;
  return configured ? configured.replace(/\/+$/, '') : null;
}
