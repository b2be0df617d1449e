/**
 * The picture a video thumbnail shows when its image is missing or cannot load (offline, a YouTube or TikTok address on
 * the public internet): the title's first letter on a neutral ground, with the platform's mark for YouTube and TikTok.
 * It is an SVG data address, so the same <img> keeps its classes and its size: nothing moves when an image fails.
 */

// A square view box: with the default "meet" it sits centred in landscape rows and portrait cards alike.
const SIZE = 100;
// Mid grey: readable on the light and the dark surface behind the image (the image cannot read the theme's colours).
const LETTER_COLOUR = '#8c8c99';

const YOUTUBE_MARK =
  '<g transform="translate(64 72)"><rect width="30" height="21" rx="6" fill="#ff0033"/><path d="M12 6l8.5 4.5L12 15z" fill="#fff"/></g>';
const TIKTOK_NOTE = 'M15.5 4v10.2a3 3 0 1 1-2.2-2.9V4h2.2c.3 1.7 1.6 3 3.3 3.2v2.2a5.4 5.4 0 0 1-3.3-1.1';
const TIKTOK_MARK =
  `<g transform="translate(64 72)"><rect width="30" height="21" rx="6" fill="#111" stroke="#fff" stroke-opacity=".25"/>` +
  `<g transform="translate(-1 -1)"><path d="${TIKTOK_NOTE}" fill="#25f4ee"/></g><g transform="translate(1 1)"><path d="${TIKTOK_NOTE}" fill="#fe2c55"/></g>` +
  `<path d="${TIKTOK_NOTE}" fill="#fff"/></g>`;

const MARKS: Readonly<Record<string, string>> = { Youtube: YOUTUBE_MARK, Tiktok: TIKTOK_MARK };

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The title's first letter as a person reads it (a whole emoji or accented letter), upper-cased; '' for no title. */
export function titleInitial(title: string): string {
  const first = graphemes.segment(title.trim())[Symbol.iterator]().next();
  return first.done ? '' : first.value.segment.toLocaleUpperCase();
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The fallback picture's SVG source for a title and platform (a platform without a mark shows the letter alone). */
export function thumbFallbackSvg(title: string, platform?: string | null): string {
  const initial = titleInitial(title);
  const letter = initial
    ? `<text x="50" y="50" text-anchor="middle" dominant-baseline="central" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="48" font-weight="600" fill="${LETTER_COLOUR}">${escapeXml(initial)}</text>`
    : '';
  const mark = (platform && MARKS[platform]) ?? '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${letter}${mark}</svg>`;
}

/** The fallback picture as an address an <img> can show. */
export function thumbFallbackSrc(title: string, platform?: string | null): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(thumbFallbackSvg(title, platform))}`;
}
