/** The renderer's own origin in the packaged app (custom standard + secure scheme). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'reelscope';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

function parse(url: string | null | undefined): URL | null {
  if (!url) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * True when `url` belongs to the app itself: app://reelscope/…, or the dev server in development.
 * Compared by scheme and host because Node's URL reports origin "null" for custom schemes.
 */
export function isAppUrl(url: string | null | undefined, devServerUrl?: string | null): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.hostname === APP_HOST) return true;
  const dev = parse(devServerUrl);
  return dev !== null && (dev.protocol === 'http:' || dev.protocol === 'https:') && parsed.origin === dev.origin;
}

/**
 * True for links that may be handed to the system browser: https only, no embedded credentials.
 * Everything else (file:, javascript:, custom schemes that launch other apps) is refused.
 */
export function isSafeExternalUrl(url: string | null | undefined): boolean {
  const parsed = parse(url);
  return parsed !== null && parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '' && parsed.hostname.length > 0;
}
