import type Database from 'better-sqlite3';
import { DEFAULT_REPORT_DURATION, WIDGET_DEFAULTS } from '../../shared/constants';
import { REPORT_TYPES } from '../../shared/domain/workspace';
import type { SeededAccounts } from './accounts';
import { daysAgo } from './clock';
import type { Prng } from './prng';

const REPORT_TITLES: Readonly<Record<string, readonly string[]>> = {
  custom: ['Q3 creator deep-dive', 'Launch week overview'],
  demographic: ['Who watches our reviews', 'Audience by age and gender'],
  sentiment: ['Sentiment vs competitors', 'Negative mentions tracker'],
  engagement: ['Top engaging platforms', 'Engagement per creator tier'],
  speech: ['What creators say about price', 'Most mentioned features'],
};

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
export function seedShowcase(db: Database.Database, rng: Prng, accounts: SeededAccounts): ShowcaseCounts {
  const insertReport = db.prepare('INSERT INTO reports (id, brand_id, user_id, type, title, filters, duration, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  // The tests that upgrade an older workspace seed it at its old schema, before reports had metrics (migration 010).
  const definitions = db.prepare("SELECT 1 FROM pragma_table_info('reports') WHERE name = 'metrics'").get() === undefined
    ? null : db.prepare('UPDATE reports SET metrics = ?, updated_at = created_at WHERE id = ?');
  const insertWidget = db.prepare(
    `INSERT INTO widgets (id, brand_id, title, notes, active_ratio, colors, menu_options, device_options, call_to_action, buy_now_button,
       cart_button, toggles, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertWidgetVideo = db.prepare('INSERT INTO widget_videos (widget_id, video_id, position, settings) VALUES (?, ?, ?, ?)');
  const insertPlaylist = db.prepare('INSERT INTO playlists (id, brand_id, widget_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
  const insertPlaylistVideo = db.prepare('INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES (?, ?, ?)');
  const counts: ShowcaseCounts = { reports: 0, widgets: 0, widgetVideos: 0, playlists: 0, playlistVideos: 0 };

  db.transaction(() => {
    for (const brand of accounts.ownBrands) {
      const competitors = accounts.competitorBrands.filter((rival) => rival.competitorOf === brand.id).map((rival) => rival.id);
      for (const type of REPORT_TYPES) {
        for (const title of REPORT_TITLES[type] ?? []) {
          const filters = { platform: rng.sample(['Youtube', 'Tiktok', 'Instagram'], rng.int(0, 2)), note: [], pov: [], demographic: { age_range: [], ethnicity: [], gender: [] }, category: [], product: '', competitor_brands: rng.chance(0.5) ? rng.pick(competitors) : '' };
          const metrics = type === 'custom' ? CUSTOM_METRICS[counts.reports % CUSTOM_METRICS.length] : [];
          const id = rng.hexId();
          insertReport.run(id, brand.id, accounts.managerId, type, title, JSON.stringify(filters), rng.pick([DEFAULT_REPORT_DURATION, '3m', '1y']), daysAgo(rng.int(1, 180)));
          definitions?.run(JSON.stringify(metrics), id);
          counts.reports += 1;
        }
      }
      const videos = db
        .prepare(`SELECT id, title, thumbnail_url FROM videos WHERE brand_id = ? AND analysis_stage = 'completed' ORDER BY views DESC, id LIMIT 60`)
        .all(brand.id) as { id: string; title: string; thumbnail_url: string | null }[];
      for (const [w, title] of ['Homepage carousel', 'Product page reviews'].entries()) {
        const id = rng.hexId();
        const created = daysAgo(rng.int(20, 200));
        insertWidget.run(
          id, brand.id, title, w === 0 ? 'Shown above the fold on the homepage.' : null, w === 0 ? '9:16' : '1:1',
          JSON.stringify({ primary: WIDGET_DEFAULTS.color, background: '#FFFFFF', text: '#1F2328' }),
          JSON.stringify(WIDGET_DEFAULTS.menuOptions), JSON.stringify(WIDGET_DEFAULTS.deviceOptions),
          JSON.stringify({ button_copy: 'Shop now', button_URL: `https://shop.example.com/${brand.name.split(' ')[0]?.toLowerCase() ?? 'brand'}` }),
          JSON.stringify({ enabled: true, text: 'Buy now' }), JSON.stringify({ enabled: w === 0, text: 'Add to cart' }),
          JSON.stringify({ summary: true, thumbnails: true, highlights: w === 0, caption: true, product_image: true, variant: false, price: true, rating: w === 0 }),
          created, daysAgo(rng.int(0, 19)),
        );
        counts.widgets += 1;
        const picked = rng.sample(videos, rng.int(5, 8));
        picked.forEach((video, position) => {
          insertWidgetVideo.run(id, video.id, position, JSON.stringify({ autoplay: position === 0, muted: true }));
          counts.widgetVideos += 1;
        });
        const playlistId = rng.hexId();
        insertPlaylist.run(playlistId, brand.id, w === 0 ? id : null, `${title} playlist`, created, created);
        counts.playlists += 1;
        rng.sample(videos, rng.int(6, 10)).forEach((video, position) => {
          insertPlaylistVideo.run(playlistId, video.id, position);
          counts.playlistVideos += 1;
        });
      }
    }
  })();
  return counts;
}
