/** Resolves a path the back end gave (e.g. /media/signed/...) against its origin; absolute URLs pass through. */
export function resolveMediaUrl(url: string, origin: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  try {
    return new URL(url, origin.endsWith('/') ? origin : `${origin}/`).toString();
  } catch {
    return url;
  }
}

const isWebAddress = (url: string) => {
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
};

/** Said of a product image or picture that is not a web address or a picture on the back end. */
export const PRODUCT_IMAGE_REFUSED = 'A product image is a web address (https://…); javascript:, data: and other schemes are refused.';

/**
 * True for an image or media source a page may load: a path on the back end (/media/…) or an http(s) address.
 * javascript:, data:, file: and protocol-relative (//host) sources are never loaded.
 */
export function isWebMediaSource(url: string): boolean {
  if (/^\/(?![/\\])/.test(url)) return true;
  return isWebAddress(url);
}

/** resolveMediaUrl, but only for an http(s) result: anything else (javascript:, data:) is no source at all. */
export function webMediaUrl(url: string, origin: string): string | null {
  const resolved = resolveMediaUrl(url, origin);
  return isWebAddress(resolved) ? resolved : null;
}
