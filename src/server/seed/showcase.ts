import type Database from 'better-sqlite3';
import { DEFAULT_REPORT_DURATION, WIDGET_DEFAULTS } from '../../shared/constants';
import { REPORT_TYPES } from '../../shared/domain/workspace';
import type { SeededAccounts } from './accounts';
import { type SeedClock } from './clock';
import type { Prng } from './prng';
import { BRAND_MADE_SQL } from '../repositories/videos/videoScope';

const REPORT_TITLES: Readonly<Record<string, readonly string[]>> = {
  custom: ['Q3 creator deep-dive', 'Launch week overview'],
  demographic: ['Who watches our reviews', 'Audience by age and gender'],
  sentiment: ['Sentiment vs competitors', 'Negative mentions tracker'],
  engagement: ['Top engaging platforms', 'Engagement per creator tier'],
  speech: ['What creators say about price', 'Most mentioned features'],
};

/** The word a seeded speech report is about: its passages are the lines that say it. */
const REPORT_HIGHLIGHTS: Readonly<Record<string, string>> = { 'What creators say about price': 'price' };

/** What the seeded custom reports show (the other kinds have their fixed set). */
const CUSTOM_METRICS: readonly (readonly string[])[] = [
  ['kpis', 'creators', 'engagement', 'trending', 'videos'],
  ['kpis', 'engagement', 'sentiment', 'top_products', 'benchmark', 'videos'],
];

export interface ShowcaseCounts {
  reports: number;
  widgets: number;
  widgetVideos: number;
  playlists: number;
  playlistVideos: number;
}

/** Saved reports of every type, carousel widgets with their videos, and playlists, for each own brand. */
export function seedShowcase(db: Database.Database, rng: Prng, accounts: SeededAccounts, clock: SeedClock): ShowcaseCounts {
  const insertReport = db.prepare('INSERT INTO reports (id, brand_id, user_id, type, title, filters, duration, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  // The tests that upgrade an older workspace seed it at its old schema, before reports had metrics (migration 010).
  const definitions = db.prepare("SELECT 1 FROM pragma_table_info('reports') WHERE name = 'metrics'").get() === undefined
    ? null : db.prepare('UPDATE reports SET metrics = ?, updated_at = created_at WHERE id = ?');
  // A speech report about a word keeps to the lines that say it (issue 26); older schemas have no highlight yet.
  const highlights = db.prepare("SELECT 1 FROM pragma_table_info('reports') WHERE name = 'highlight'").get() === undefined
    ? null : db.prepare('UPDATE reports SET highlight = ? WHERE id = ?');
  const insertWidget = db.prepare(
    `INSERT INTO widgets (id, brand_id, title, notes, active_ratio, colors, menu_options, device_options, call_to_action, buy_now_button,
       cart_button, toggles, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertWidgetVideo = db.prepare('INSERT INTO widget_videos (widget_id, video_id, position, settings) VALUES (?, ?, ?, ?)');
  const insertPlaylist = db.prepare('INSERT INTO playlists (id, brand_id, widget_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
  const insertPlaylistVideo = db.prepare('INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES (?, ?, ?)');
  // Workspaces seeded at an older schema (upgrade tests) have no playlist_widgets or widget_events yet.
  const hasTable = (name: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  const attachPlaylist = hasTable('playlist_widgets') ? db.prepare('INSERT INTO playlist_widgets (playlist_id, widget_id) VALUES (?, ?)') : null;
  const insertEvent = hasTable('widget_events')
    ? db.prepare('INSERT INTO widget_events (widget_id, video_id, product_id, type, value, viewer, occurred_at) VALUES (?, ?, ?, ?, ?, ?, ?)') : null;
  const tagIdsOf = (widgetId: string) => (db.prepare('SELECT settings FROM widget_videos WHERE widget_id = ? ORDER BY position').pluck().all(widgetId) as string[])
    .map((settings) => ((JSON.parse(settings) as { products?: { id: string }[] }).products ?? []).map((p) => p.id));
  // What the shopper app already shows (issue 17): some of each brand's own videos, published over the last two months.
  const appPublish = db.prepare("SELECT 1 FROM pragma_table_info('videos') WHERE name = 'app_published_at'").get() === undefined
    ? null : db.prepare('UPDATE videos SET published = 1, app_published_at = ? WHERE id = ?');
  const counts: ShowcaseCounts = { reports: 0, widgets: 0, widgetVideos: 0, playlists: 0, playlistVideos: 0 };

  db.transaction(() => {
    for (const brand of accounts.ownBrands) {
      const competitors = accounts.competitorBrands.filter((rival) => rival.competitorOf === brand.id).map((rival) => rival.id);
      for (const type of REPORT_TYPES) {
        for (const title of REPORT_TITLES[type] ?? []) {
          const filters = { platform: rng.sample(['Youtube', 'Tiktok', 'Instagram'], rng.int(0, 2)), note: [], pov: [], demographic: { age_range: [], ethnicity: [], gender: [] }, category: [], product: '', competitor_brands: rng.chance(0.5) ? rng.pick(competitors) : '' };
          const metrics = type === 'custom' ? CUSTOM_METRICS[counts.reports % CUSTOM_METRICS.length] : [];
          const id = rng.hexId();
          insertReport.run(id, brand.id, accounts.managerId, type, title, JSON.stringify(filters), rng.pick([DEFAULT_REPORT_DURATION, '3m', '1y']), clock.daysAgo(rng.int(1, 180)));
          definitions?.run(JSON.stringify(metrics), id);
          const highlight = REPORT_HIGHLIGHTS[title];
          if (highlight) highlights?.run(highlight, id);
          counts.reports += 1;
        }
      }
      const videos = db
        .prepare(`SELECT id, title, thumbnail_url FROM videos WHERE brand_id = ? AND analysis_stage = 'completed' ORDER BY views DESC, id LIMIT 60`)
        .all(brand.id) as { id: string; title: string; thumbnail_url: string | null }[];
      // A carousel plays its videos in the page: only videos with a media file can be in one.
      const playable = db
        .prepare(`SELECT id FROM videos WHERE brand_id = ? AND analysis_stage = 'completed' AND media_file IS NOT NULL ORDER BY views DESC, id LIMIT 40`)
        .pluck().all(brand.id) as string[];
      const products = db.prepare('SELECT id, name, price, pictures FROM products WHERE brand_id = ? ORDER BY name, id').all(brand.id) as
        { id: string; name: string; price: number; pictures: string }[];
      if (appPublish) {
        const own = db.prepare(`SELECT v.id FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.brand_id = ? AND v.analysis_stage = 'completed'
          AND ${BRAND_MADE_SQL} ORDER BY v.views DESC, v.id LIMIT 40`).pluck().all(brand.id) as string[];
        for (const videoId of rng.sample(own, Math.min(own.length, 12))) appPublish.run(clock.daysAgo(rng.float(0, 60)), videoId);
      }
      const shop = `https://shop.example.com/${brand.name.split(' ')[0]?.toLowerCase() ?? 'brand'}`;
      for (const [w, title] of ['Homepage carousel', 'Product page reviews'].entries()) {
        const id = rng.hexId();
        const created = clock.daysAgo(rng.int(80, 200));
        insertWidget.run(
          id, brand.id, title, w === 0 ? 'Shown above the fold on the homepage.' : '', w === 0 ? 'Portrait' : 'Square',
          JSON.stringify({ primary: WIDGET_DEFAULTS.color, text: WIDGET_DEFAULTS.textColor }),
          JSON.stringify(WIDGET_DEFAULTS.menuOptions), JSON.stringify(WIDGET_DEFAULTS.deviceOptions),
          JSON.stringify({ button_copy: 'Shop now', button_URL: shop }),
          JSON.stringify({ enabled: true, label: 'Buy now' }), JSON.stringify({ enabled: w === 0, label: 'Add to cart' }),
          JSON.stringify({ summary: true, thumbnails: true, highlights: w === 0, caption: true, product_image: true, variant: false, price: true, rating: w === 0 }),
          created, clock.daysAgo(rng.int(0, 19)),
        );
        counts.widgets += 1;
        const picked = rng.sample(playable, Math.min(playable.length, rng.int(5, 8)));
        picked.forEach((videoId, position) => {
          const tagged = products.length === 0 || position > 2 ? [] : rng.sample(products, rng.int(1, 2)).map((p) => ({
            source: 'brand', id: p.id, title: p.name, price: p.price, currency: 'USD', image_url: (JSON.parse(p.pictures) as string[])[0] ?? null,
            url: `${shop}/products/${p.id.slice(0, 8)}`, variants: [],
          }));
          insertWidgetVideo.run(id, videoId, position, JSON.stringify({ products: tagged }));
          counts.widgetVideos += 1;
        });
        const playlistId = rng.hexId();
        insertPlaylist.run(playlistId, brand.id, w === 0 ? id : null, `${title} playlist`, created, created);
        if (w === 0) attachPlaylist?.run(playlistId, id);
        counts.playlists += 1;
        rng.sample(videos, rng.int(6, 10)).forEach((video, position) => {
          insertPlaylistVideo.run(playlistId, video.id, position);
          counts.playlistVideos += 1;
        });
        if (insertEvent) seedWidgetEvents(rng, insertEvent, id, picked, tagIdsOf(id), w === 0 ? 1 : 0.45, clock);
      }
    }
  })();
  return counts;
}

/**
 * Ninety days of what shoppers did with a widget before the anchor: page views that saw it (and some of its cards),
 * plays of a few seconds to the whole video, product and call-to-action clicks, with a weekly rhythm and slow growth.
 */
function seedWidgetEvents(rng: Prng, insert: Database.Statement, widgetId: string, videoIds: string[], tags: string[][], traffic: number, clock: SeedClock): void {
  for (let day = 90; day >= 1; day--) {
    const weekday = new Date(clock.daysAgo(day)).getUTCDay();
    const pageViews = Math.round(traffic * (weekday === 0 || weekday === 6 ? 34 : 24) * (1 + (90 - day) / 120) * rng.float(0.7, 1.3));
    for (let view = 0; view < pageViews; view++) {
      const viewer = rng.hexId();
      const at = (offset: number) => clock.daysAgo(day - rng.float(0, 0.95) + offset / 86_400);
      insert.run(widgetId, null, null, 'impression', 0, viewer, at(0));
      const seen = videoIds.slice(0, rng.int(2, Math.min(4, videoIds.length)));
      for (const videoId of seen) insert.run(widgetId, videoId, null, 'impression', 0, viewer, at(1));
      if (!rng.chance(0.16)) continue;
      const index = rng.int(0, seen.length - 1);
      const videoId = seen[index]!;
      insert.run(widgetId, videoId, null, 'play', 0, viewer, at(2));
      insert.run(widgetId, videoId, null, 'watch', rng.int(3_000, 45_000), viewer, at(30));
      const productIds = tags[videoIds.indexOf(videoId)] ?? [];
      if (productIds.length > 0 && rng.chance(0.35)) insert.run(widgetId, videoId, rng.pick(productIds), 'product_click', 0, viewer, at(40));
      if (rng.chance(0.12)) insert.run(widgetId, videoId, null, 'cta_click', 0, viewer, at(45));
    }
  }
}
