import type { EmbedWidget, ProductTag } from '../shared/http/widgets.schemas';
import { formatPrice } from '../shared/rules/formatting';
import { absolute, h, stars } from './carousel';
import type { Reporter } from './reporter';

type Video = EmbedWidget['videos'][number];
interface PlayerOptions { origin: string; reporter: Reporter; returnFocus: HTMLElement }

/** A link that leaves for the shop in a new tab, never able to reach back into the host page. */
const shopLink = (href: string, className: string, label: string, onClick: () => void) => {
  const link = h('a', { class: className, href, target: '_blank', rel: 'noopener noreferrer' }, label);
  link.addEventListener('click', onClick);
  return link;
};

function productRow(widget: EmbedWidget, product: ProductTag, videoId: string, reporter: Reporter, origin: string) {
  const toggles = widget.toggles;
  const clicked = () => reporter.emit({ type: 'product_click', video_id: videoId, product_id: product.id });
  const name = product.url ? shopLink(product.url, 'name', product.title, clicked) : h('span', { class: 'name' }, product.title);
  const details = h('div', {}, name);
  if (toggles.price !== false && product.price !== null) details.append(h('div', { class: 'price' }, formatPrice(product.price, product.currency)));
  if (toggles.variant !== false && product.variants.length > 0) {
    const select = h('select', { 'aria-label': `${product.title} variant` }, ...product.variants.map((v) => h('option', {}, v)));
    details.append(select);
  }
  const row = h('li', { class: 'product' });
  const image = absolute(origin, product.image_url);
  row.append(toggles.product_image !== false && image ? h('img', { alt: '', src: image, loading: 'lazy' }) : h('span'), details);
  const actions = h('div', { class: 'actions' });
  if (product.url && widget.buy_now_button.enabled) actions.append(shopLink(product.url, 'btn primary', widget.buy_now_button.label, clicked));
  if (product.url && widget.cart_button.enabled) actions.append(shopLink(product.url, 'btn ghost', widget.cart_button.label, clicked));
  if (!product.url) {
    // A product without a shop link is still a product click: the shopper showed interest.
    const button = h('button', { class: 'btn ghost', type: 'button' }, 'Interested');
    button.addEventListener('click', clicked);
    actions.append(button);
  }
  row.append(actions);
  return row;
}

/** The player: the video at 340×738 with its products and the call to action; Escape and the close button leave, Tab stays inside. */
export function openPlayer(root: ShadowRoot, widget: EmbedWidget, video: Video, { origin, reporter, returnFocus }: PlayerOptions): void {
  root.querySelector('.modal')?.remove();
  const titleId = `rs-title-${video.video_id}`;
  const media = absolute(origin, video.media_url);
  const player = h('video', { class: 'player', controls: true, playsinline: true, preload: 'metadata', ...(media ? { src: media } : {}), ...(video.thumbnail_url ? { poster: absolute(origin, video.thumbnail_url) ?? '' } : {}) },
    'Sorry, your browser doesn\'t support embedded videos.');
  const close = h('button', { class: 'close', type: 'button', 'aria-label': 'Close' }, '×');
  const info = h('div', { class: 'info' }, h('h3', { id: titleId }, video.title));
  if (widget.toggles.rating !== false && video.rating > 0) info.append(h('div', { class: 'stars', 'aria-label': `Rated ${video.rating} of 5` }, stars(video.rating)));
  if (widget.toggles.summary !== false && video.summary) info.append(h('p', {}, video.summary));
  if (video.products.length > 0) info.append(h('ul', { class: 'products', 'aria-label': 'Products in this video' }, ...video.products.map((p) => productRow(widget, p, video.video_id, reporter, origin))));
  const cta = widget.call_to_action;
  if (cta.button_URL && cta.button_copy) info.append(shopLink(cta.button_URL, 'btn primary cta', cta.button_copy, () => reporter.emit({ type: 'cta_click', video_id: video.video_id })));
  const modal = h('div', { class: 'modal', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId }, h('div', { class: 'panel' }, close, player, info));
  modal.style.setProperty('--rs-primary', widget.colors.primary);
  modal.style.setProperty('--rs-text', widget.colors.text);

  let played = false;
  let since: number | null = null;
  let watchedMs = 0;
  const stopClock = () => {
    if (since !== null) watchedMs += performance.now() - since;
    since = null;
  };
  player.addEventListener('play', () => {
    if (!played) reporter.emit({ type: 'play', video_id: video.video_id });
    played = true;
    since = performance.now();
  });
  player.addEventListener('pause', stopClock);
  player.addEventListener('ended', stopClock);

  const leave = () => {
    stopClock();
    player.pause();
    if (watchedMs >= 1) reporter.emit({ type: 'watch', video_id: video.video_id, value: Math.round(watchedMs) });
    modal.remove();
    document.removeEventListener('keydown', onKey, true);
    returnFocus.focus();
  };
  const focusable = () => Array.from(modal.querySelectorAll<HTMLElement>('button, a[href], select, video[controls]'));
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      leave();
    } else if (event.key === 'Tab') {
      const items = focusable();
      const active = root.activeElement as HTMLElement | null;
      const index = active ? items.indexOf(active) : -1;
      const target = event.shiftKey ? (index <= 0 ? items.at(-1) : items[index - 1]) : (index === items.length - 1 || index === -1 ? items[0] : items[index + 1]);
      event.preventDefault();
      target?.focus();
    }
  };
  close.addEventListener('click', leave);
  modal.addEventListener('click', (event) => {
    if (event.target === modal) leave();
  });
  document.addEventListener('keydown', onKey, true);
  root.append(modal);
  close.focus();
  void player.play().catch(() => undefined);
}
