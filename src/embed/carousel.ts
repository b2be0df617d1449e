import type { EmbedWidget } from '../shared/http/widgets.schemas';
import { webMediaUrl } from '../shared/rules/mediaUrl';
import { openPlayer } from './player';
import type { Reporter } from './reporter';
import { CARD_HEIGHT, STYLES } from './styles';

type Video = EmbedWidget['videos'][number];
export interface CarouselOptions {
  /** Resolves the back end's relative media paths (the script's origin). */
  origin: string;
  reporter: Reporter;
  /** Set img/video sources only once the host page has loaded, so the widget never delays its load event. */
  deferMedia: boolean;
}

const RATIO: Record<EmbedWidget['activeRatio'], number> = { Portrait: 9 / 16, Square: 1, Landscape: 16 / 9 };
const MENU_LABELS: Record<string, string> = { most_recent: 'Most recent', ratings: 'Top rated', verified_shopper: 'Verified shoppers', brand_video: 'Brand videos' };

/** A DOM element with attributes and children; text is always text (nothing of the widget's data is parsed as HTML). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | boolean> = {}, ...children: (Node | string | null)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child !== null) el.append(child);
  return el;
}

/**
 * A media path of the back end as the page must ask for it; none for none. Only http(s) sources ever reach an img or a
 * video, whatever the widget's data says (a javascript: or data: image is dropped, not loaded).
 */
export const absolute = (origin: string, url: string | null) => (url === null || url === '' ? null : webMediaUrl(url, origin));
export const stars = (rating: number) => '★★★★★'.slice(0, Math.round(rating)) + '☆☆☆☆☆'.slice(0, 5 - Math.round(rating));

/** The videos a chip shows: all, a playlist's, or a menu option's order or selection. */
function videosFor(widget: EmbedWidget, chip: string): Video[] {
  // Videos only an attached playlist holds ride along for its tab; "All" and the menu show the carousel's own.
  const own = widget.videos.filter((v) => v.in_carousel);
  const playlist = widget.playlists.find((p) => `playlist:${p.id}` === chip);
  if (playlist) return playlist.video_ids.map((id) => widget.videos.find((v) => v.video_id === id)).filter((v): v is Video => v !== undefined);
  if (chip === 'most_recent') return [...own].sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''));
  if (chip === 'ratings') return [...own].sort((a, b) => b.rating - a.rating);
  if (chip === 'verified_shopper') return own.filter((v) => v.verified_shopper);
  if (chip === 'brand_video') return own.filter((v) => v.brand_video);
  return own;
}
/** Renders the carousel into a shadow root: thumbnails first, a muted preview only while a card is in view, the player on click. */
export function renderCarousel(root: ShadowRoot, widget: EmbedWidget, options: CarouselOptions): () => void {
  const { origin, reporter } = options;
  const width = Math.round(CARD_HEIGHT * RATIO[widget.activeRatio]);
  const style = h('style');
  style.textContent = STYLES;
  const section = h('section', { class: 'rs', 'aria-label': widget.title });
  section.style.setProperty('--rs-primary', widget.colors.primary);
  section.style.setProperty('--rs-text', widget.colors.text);
  section.style.setProperty('--rs-ratio', String(RATIO[widget.activeRatio]));
  const track = h('ul', { class: 'track', role: 'list' });
  const chips = h('div', { class: 'chips', role: 'group', 'aria-label': 'Show' });
  const scroll = (direction: number) => track.scrollBy({ left: direction * (width + 12) * 2, behavior: 'smooth' });
  section.append(
    h('div', { class: 'bar' },
      h('h2', {}, widget.title), chips,
      h('button', { class: 'nav', type: 'button', 'aria-label': 'Previous videos' }, '‹'),
      h('button', { class: 'nav', type: 'button', 'aria-label': 'Next videos' }, '›')),
    track,
  );
  const [previous, next] = section.querySelectorAll<HTMLButtonElement>('.nav');
  previous?.addEventListener('click', () => scroll(-1));
  next?.addEventListener('click', () => scroll(1));
  root.replaceChildren(style, section);

  const seen = new Set<string>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const card = entry.target as HTMLButtonElement;
      const id = card.dataset.video ?? '';
      const preview = card.querySelector('video');
      if (entry.isIntersecting) {
        if (!seen.has(id)) {
          seen.add(id);
          reporter.emit({ type: 'impression', video_id: id });
        }
        if (preview && !preview.src && preview.dataset.src) preview.src = preview.dataset.src;
        void preview?.play().catch(() => undefined);
      } else preview?.pause();
    }
  }, { threshold: 0.6 });
  let widgetSeen = false;
  const widgetObserver = new IntersectionObserver((entries) => {
    if (widgetSeen || !entries.some((e) => e.isIntersecting)) return;
    widgetSeen = true;
    reporter.emit({ type: 'impression' });
  }, { threshold: 0.5 });
  widgetObserver.observe(section);

  const mediaReady = new Promise<void>((resolve) => {
    if (!options.deferMedia || document.readyState === 'complete') resolve();
    else addEventListener('load', () => resolve(), { once: true });
  });

  const cardFor = (video: Video) => {
    // The name is the visible caption after a hidden "Play" (axe: visible text is part of the name); pictures are decoration.
    const card = h('button', { class: 'card', type: 'button', 'data-video': video.video_id }, h('span', { class: 'sr' }, 'Play '));
    const tile = h('span', { class: 'tile', 'aria-hidden': 'true' });
    card.append(tile);
    const thumbnail = widget.toggles.thumbnails !== false ? absolute(origin, video.thumbnail_url) : null;
    const media = absolute(origin, video.media_url);
    const caption = widget.toggles.caption !== false ? h('span', { class: 'cap' }, video.title) : h('span', { class: 'sr' }, video.title);
    const rated = widget.toggles.rating !== false && video.rating > 0;
    card.append(caption);
    if (rated) card.append(h('span', { class: 'sr' }, `, rated ${video.rating} of 5`));
    void mediaReady.then(() => {
      if (thumbnail) {
        const picture = h('img', { alt: '', src: thumbnail, decoding: 'async', loading: 'lazy' });
        // A thumbnail that cannot load (offline, a YouTube or TikTok picture) leaves the card's tile, never a broken image.
        picture.addEventListener('error', () => picture.remove(), { once: true });
        tile.after(picture);
      }
      if (media) caption.before(h('video', { muted: true, loop: true, playsinline: true, preload: 'none', 'aria-hidden': 'true', 'data-src': media, ...(thumbnail ? { poster: thumbnail } : {}) }));
      for (const v of card.querySelectorAll('video')) v.muted = true;
      if (rated) card.append(h('span', { class: 'badge', 'aria-hidden': 'true' }, h('span', { class: 'stars' }, stars(video.rating))));
      else if (widget.toggles.highlights !== false && video.products[0]) card.append(h('span', { class: 'badge', 'aria-hidden': 'true' }, video.products[0].title));
    });
    card.addEventListener('click', () => openPlayer(root, widget, video, { origin, reporter, returnFocus: card }));
    observer.observe(card);
    return h('li', {}, card);
  };

  const show = (chip: string) => {
    for (const button of chips.querySelectorAll('button')) button.setAttribute('aria-pressed', String(button.dataset.chip === chip));
    observer.disconnect();
    track.replaceChildren(...videosFor(widget, chip).map(cardFor));
    track.scrollLeft = 0;
  };
  const chipIds = [...(widget.playlists.length > 0 || widget.menu_options.length > 0 ? ['all'] : []), ...widget.playlists.map((p) => `playlist:${p.id}`), ...widget.menu_options];
  for (const chip of chipIds) {
    const label = chip === 'all' ? 'All' : chip.startsWith('playlist:') ? widget.playlists.find((p) => `playlist:${p.id}` === chip)?.title ?? '' : MENU_LABELS[chip] ?? chip;
    const button = h('button', { class: 'chip', type: 'button', 'data-chip': chip, 'aria-pressed': 'false' }, label);
    button.addEventListener('click', () => show(chip));
    chips.append(button);
  }
  show('all');
  return () => {
    observer.disconnect();
    widgetObserver.disconnect();
  };
}
