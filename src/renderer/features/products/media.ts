/** A picture path of the back end as a URL the page can load (absolute URLs pass unchanged). */
export function mediaUrl(origin: string, path: string | null): string | null {
  if (path === null || path === '') return null;
  return /^(https?:|data:|blob:)/.test(path) ? path : `${origin}${path}`;
}
