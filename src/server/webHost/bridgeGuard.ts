import { timingSafeEqual } from 'node:crypto';

/** True for the IPv4/IPv6 loopback addresses a local browser connects from. */
export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** Compares the presented token with the run's token in constant time. */
export function tokenMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The Host header must name this server on loopback: a page on another site that re-points its DNS name at
 * 127.0.0.1 (DNS rebinding) would otherwise reach the bridge as "same origin".
 */
export function hostAllowed(hostHeader: string | undefined, port: number): boolean {
  return hostHeader === `127.0.0.1:${port}` || hostHeader === `localhost:${port}`;
}

/** The Origin of a bridge call must be the web host itself (the page it served), never another site. */
export function originAllowed(originHeader: string | undefined, port: number): boolean {
  return originHeader === `http://127.0.0.1:${port}` || originHeader === `http://localhost:${port}`;
}

/**
 * The event stream is opened by the page's EventSource, a same-origin GET for which browsers send no Origin header
 * but do send `Sec-Fetch-Site: same-origin`. Either proves the page itself asked; a request from another site
 * carries its own Origin or `cross-site` and is refused.
 */
export function eventStreamOriginAllowed(headers: { origin?: string; 'sec-fetch-site'?: string | string[] }, port: number): boolean {
  if (headers.origin !== undefined) return originAllowed(headers.origin, port);
  return headers['sec-fetch-site'] === 'same-origin';
}
