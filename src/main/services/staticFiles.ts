import { extname, join, relative, resolve, sep, isAbsolute } from 'node:path';

/** Content types of the files a Vite build emits. */
const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** The content type for a file name (application/octet-stream when unknown). */
export function contentTypeFor(file: string): string {
  return MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export type StaticTarget =
  | { kind: 'file'; path: string }
  /** A client-side route such as /videos/42: answer index.html so the router can take over. */
  | { kind: 'spa'; path: string }
  | { kind: 'forbidden' };

/**
 * Maps a URL path onto a file under `root`, refusing anything that would leave it (../, encoded slashes,
 * absolute paths, NUL). Paths without an extension are client routes and map to index.html.
 */
export function resolveStaticPath(root: string, urlPath: string): StaticTarget {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return { kind: 'forbidden' };
  }
  // Encoded separators and NUL never appear in real asset names; they only appear in traversal attempts.
  if (decoded.includes('\0') || decoded.includes('\\') || /%2f|%5c/i.test(urlPath)) return { kind: 'forbidden' };
  const base = resolve(root);
  const relativePath = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const target = resolve(join(base, relativePath));
  const rel = relative(base, target);
  if (rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) return { kind: 'forbidden' };
  if (extname(target) === '') return { kind: 'spa', path: join(base, 'index.html') };
  return { kind: 'file', path: target };
}
