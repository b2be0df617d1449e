/** Sites whose players the video screens embed (spec §2: YouTube, TikTok, Instagram). */
export const EMBED_FRAME_SOURCES = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://www.tiktok.com',
  'https://www.instagram.com',
] as const;

/**
 * The Content-Security-Policy both hosts send with the renderer's pages.
 * `extraConnect` holds origins the renderer must reach besides itself and loopback: the hosted back end
 * in Electron, the back end's origin in the web host.
 */
export function contentSecurityPolicy(extraConnect: readonly string[] = []): string {
  const connect = ["'self'", 'http://127.0.0.1:*', ...new Set(extraConnect.filter((o) => o.length > 0))];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Component libraries and echarts set inline styles; scripts stay strictly self-hosted.
    'style-src': ["'self'", "'unsafe-inline'"],
    // reelscope-media: is the Electron protocol that plays the offline library's files.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http://127.0.0.1:*', 'reelscope-media:'],
    'media-src': ["'self'", 'blob:', 'http://127.0.0.1:*', 'https:', 'reelscope-media:'],
    'connect-src': connect,
    'frame-src': [...EMBED_FRAME_SOURCES],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
