import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { WEB_BRIDGE } from '../../shared/ipc/contract';
import { contentTypeFor, resolveStaticPath } from '../../main/services/staticFiles';

export interface StaticOptions {
  /** The web build of the renderer (out/web). */
  root: string;
  token: string;
  csp: () => string;
}

/** index.html with the per-run token as a meta tag, which the renderer's web bridge reads to call /__host. */
export function injectToken(html: string, token: string): string {
  const meta = `<meta name="${WEB_BRIDGE.tokenMeta}" content="${token}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}\n    ${meta}`) : `${meta}\n${html}`;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Serves the renderer build with the same CSP Electron sends, falling back to index.html for client routes. */
export function registerStaticRoutes(app: FastifyInstance, options: StaticOptions): void {
  const indexPath = resolve(options.root, 'index.html');
  let indexHtml: string | null = null;
  const index = async () => (indexHtml ??= injectToken(await readFile(indexPath, 'utf8'), options.token));

  app.get('/*', async (request, reply) => {
    reply.header('content-security-policy', options.csp());
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const target = resolveStaticPath(options.root, request.url);
    if (target.kind === 'forbidden') return reply.code(403).type('text/plain').send('Forbidden');
    if (target.kind === 'spa' || target.path === indexPath) {
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(await index());
    }
    if (!(await isFile(target.path))) return reply.code(404).type('text/plain').send('Not found');
    return reply.type(contentTypeFor(target.path)).send(await readFile(target.path));
  });
}
