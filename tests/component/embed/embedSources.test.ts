import { beforeAll, describe, expect, it } from 'vitest';
import { absolute } from '../../../src/embed/carousel';
import { openPlayer } from '../../../src/embed/player';
import type { EmbedWidget } from '../../../src/shared/http/widgets.schemas';

// Defence in depth (issue 26 item 9): whatever image a widget's data names, the embed only ever loads http(s) sources.
const ORIGIN = 'https://api.reelscope.example';
const product = (id: string, image_url: string | null) => ({ source: 'store' as const, id, title: `Product ${id}`, price: 19, currency: 'USD', image_url, url: '', variants: [] });
const widget: EmbedWidget = {
  id: 'w1', title: 'Spring', activeRatio: 'Portrait', colors: { primary: '#409DB2', text: '#FFFFFF' }, device_options: ['desktop', 'mobile'],
  call_to_action: { button_copy: '', button_URL: '' }, buy_now_button: { enabled: true, label: 'Buy now' }, cart_button: { enabled: true, label: 'Add to cart' },
  menu_options: [], toggles: {}, playlists: [],
  videos: [{
    video_id: 'v1', title: 'Glow review', summary: '', thumbnail_url: 'javascript:alert(1)', media_url: '/media/signed/v1.mp4', published_at: null, rating: 0,
    verified_shopper: false, brand_video: false, in_carousel: true,
    products: [product('script', 'javascript:alert(document.domain)'), product('data', 'data:image/svg+xml,<svg onload=alert(1)>'), product('https', 'https://cdn.shop.example/a.jpg'),
      product('media', '/media/products/product-01.jpg')],
  }],
};

beforeAll(() => {
  // jsdom has no media playback; the player only asks to start it.
  HTMLMediaElement.prototype.play = () => Promise.resolve();
});

describe('embed media sources', () => {
  it('shows only http(s) product images and posters in the player: javascript: and data: ones are left out', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    openPlayer(root, widget, widget.videos[0]!, { origin: ORIGIN, reporter: { emit: () => undefined, flush: () => undefined }, returnFocus: host });
    const images = Array.from(root.querySelectorAll('.products img')).map((img) => img.getAttribute('src'));
    expect(images).toEqual(['https://cdn.shop.example/a.jpg', `${ORIGIN}/media/products/product-01.jpg`]);
    expect(root.querySelectorAll('.products li')).toHaveLength(4);
    expect(root.querySelector('video')?.getAttribute('poster') ?? '').toBe('');
    expect(root.querySelector('video')?.getAttribute('src')).toBe(`${ORIGIN}/media/signed/v1.mp4`);
  });

  it('resolves back-end paths and passes http(s) addresses, and gives no source for any other scheme', () => {
    expect(['javascript:alert(1)', ' javascript:alert(1)', 'JavaScript:alert(1)', 'data:image/png;base64,AA', 'vbscript:x', 'file:///etc/passwd'].map((url) => absolute(ORIGIN, url)))
      .toEqual([null, null, null, null, null, null]);
    expect([absolute(ORIGIN, '/media/x.jpg'), absolute(ORIGIN, 'http://cdn.example/a.jpg'), absolute(ORIGIN, null)]).toEqual([`${ORIGIN}/media/x.jpg`, 'http://cdn.example/a.jpg', null]);
  });
});
