import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from '../services/originPolicy';
import { contentTypeFor, resolveStaticPath } from '../services/staticFiles';
import { MEDIA_SCHEME_PRIVILEGES } from './mediaProtocol';

/**
 * Declares app:// as a standard, secure scheme. Must run before app 'ready'.
 * Standard gives it real origins and relative URL resolution; secure makes it a secure context
 * (like https) so the renderer never needs file:// and its extra privileges.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    // The offline library's media (one registerSchemesAsPrivileged call must name every scheme).
    MEDIA_SCHEME_PRIVILEGES,
  ]);
}

/**
 * Serves the built renderer (out/renderer) on app://reelscope with the strict CSP header.
 * Paths are resolved inside the folder only (no traversal); client routes fall back to index.html.
 */
export function handleAppProtocol(rendererDir: string, csp: () => string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const headers = { 'content-security-policy': csp(), 'x-content-type-options': 'nosniff' };
    if (url.hostname !== APP_HOST) return new Response('Not found', { status: 404, headers });
    const target = resolveStaticPath(rendererDir, url.pathname);
    if (target.kind === 'forbidden') return new Response('Forbidden', { status: 403, headers });
    try {
      const body = await readFile(target.path);
      return new Response(body, { status: 200, headers: { ...headers, 'content-type': contentTypeFor(target.path) } });
    } catch {
      return new Response('Not found', { status: 404, headers });
    }
  });
}
