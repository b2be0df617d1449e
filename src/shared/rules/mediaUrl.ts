/** Resolves a path the back end gave (e.g. /media/signed/...) against its origin; absolute URLs pass through. */
export function resolveMediaUrl(url: string, origin: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  try {
    return new URL(url, origin.endsWith('/') ? origin : `${origin}/`).toString();
  } catch {
    return url;
  }
}
