import type { FastifyInstance } from 'fastify';

/** Adds hardening headers to every answer; JSON answers also forbid any rendering or framing. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/json')) {
      reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
      // API answers carry personal data and tokens: never keep them in a disk cache.
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
