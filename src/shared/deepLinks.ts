/**
 * Deep links of the desktop app: `reelscope://videos/{id}` (with `?t=SECONDS`, the moment to play: report PDFs cite
 * videos this way), `reelscope://library` and the password-reset link the back end mails
 * (`reelscope://reset-password?token=…`) and email-confirmation link (`reelscope://confirm-email?token=…`) become routes
 * of the app.
 * Anything else is ignored, so a crafted link can never point the window at another page.
 */

/** The URL scheme registered with the OS. */
export const DEEP_LINK_SCHEME = 'reelscope';

const VIDEO_ID = /^[A-Za-z0-9_-]{1,64}$/;
const RESET_TOKEN = /^[A-Za-z0-9_-]{16,512}$/;
/** A confirmation token is a signed JWT: three base64url parts joined by dots. */
const CONFIRM_TOKEN = /^[A-Za-z0-9_-]{8,1024}\.[A-Za-z0-9_-]{8,1024}\.[A-Za-z0-9_-]{8,1024}$/;

/** Seconds into a video: a plain non-negative number of at most a day's length, else nothing. */
const SECONDS = /^\d{1,5}(\.\d{1,3})?$/;
const MAX_SECONDS = 86_400;

/** The video route, at the link's `t` when it is a usable time (a bad `t` still opens the video). */
function videoRoute(id: string, link: string): string {
  const t = /[?&]t=([^&#]*)/.exec(link)?.[1] ?? '';
  return SECONDS.test(t) && Number(t) <= MAX_SECONDS ? `/videos/${id}?t=${Number(t)}` : `/videos/${id}`;
}

/** `/{route}?token=…` when the link's token has the expected shape, else nothing. */
function tokenRoute(route: string, shape: RegExp, link: string): string | null {
  const token = /[?&]token=([^&#]*)/.exec(link)?.[1] ?? '';
  return shape.test(token) ? `/${route}?token=${token}` : null;
}

/** The app route a deep link opens, or null when the link is not one of ours or is malformed. */
export function routeOfDeepLink(link: string): string | null {
  const prefix = `${DEEP_LINK_SCHEME}:`;
  if (!link.toLowerCase().startsWith(prefix)) return null;
  // Read the raw text, not a parsed URL: URL parsing would resolve "videos/../x" into another route before we look.
  const rest = link.slice(prefix.length).replace(/^\/+/, '').split(/[?#]/)[0] ?? '';
  const parts = rest.split('/').filter((part) => part !== '');
  if (parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) return null;
  if (parts.length === 1 && parts[0] === 'library') return '/library';
  if (parts.length === 1 && parts[0] === 'reset-password') return tokenRoute('reset-password', RESET_TOKEN, link);
  if (parts.length === 1 && parts[0] === 'confirm-email') return tokenRoute('confirm-email', CONFIRM_TOKEN, link);
  // A brand invitation (issue 29): an opaque token like a reset link's.
  if (parts.length === 1 && parts[0] === 'join-brand') return tokenRoute('join-brand', RESET_TOKEN, link);
  if (parts.length === 1 && parts[0] === 'videos') return '/videos';
  if (parts.length === 2 && parts[0] === 'videos' && VIDEO_ID.test(parts[1] ?? '')) return videoRoute(parts[1] ?? '', link);
  return null;
}

/** The first deep link among command-line arguments (Windows and Linux pass the link to a second instance this way). */
export function deepLinkInArgs(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (!arg.startsWith(`${DEEP_LINK_SCHEME}:`)) continue;
    const route = routeOfDeepLink(arg);
    if (route) return route;
  }
  return null;
}

/** `reelscope://videos/{id}?t=SECONDS`: the link a report cites a moment with (routeOfDeepLink opens it). */
export function videoDeepLink(videoId: string, seconds = 0): string {
  return `${DEEP_LINK_SCHEME}://videos/${encodeURIComponent(videoId)}?t=${Math.max(0, Math.floor(seconds))}`;
}
