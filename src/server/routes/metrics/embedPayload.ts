import type Database from 'better-sqlite3';
import type { EmbedWidget } from '../../../shared/http/widgets.schemas';
import type { MediaService } from '../media/mediaService';
import type { WidgetRepository } from './widgetRepository';

type VideoFacts = {
  id: string; media_file: string | null; published_at: string | null; sentiment_positive: number; added_by_bm: number;
  creator_type: string | null; creator_verified: number | null;
};
const SUMMARY_CHARS = 200;

/** What embed.js receives for a widget: only what a shopper sees, media as signed paths on this back end. */
export function createEmbedPayload(db: Database.Database, repo: WidgetRepository, media: MediaService) {
  const brandOf = db.prepare('SELECT brand_id FROM widgets WHERE id = ?').pluck();
  const facts = db.prepare(`SELECT v.id, v.media_file, v.published_at, v.sentiment_positive, v.added_by_bm, c.creator_type, c.verified AS creator_verified
    FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.id = ?`);
  const titleOf = db.prepare('SELECT title, thumbnail_url FROM videos WHERE id = ?');
  const firstLines = db.prepare('SELECT content FROM transcript_lines WHERE video_id = ? ORDER BY line_no LIMIT 6').pluck();
  const playlistsOf = db.prepare(`SELECT p.id, p.title FROM playlist_widgets pw JOIN playlists p ON p.id = pw.playlist_id WHERE pw.widget_id = ? ORDER BY p.created_at, p.id`);
  const playlistVideos = db.prepare('SELECT video_id FROM playlist_videos WHERE playlist_id = ? ORDER BY position').pluck();

  const summaryOf = (videoId: string) => {
    const text = (firstLines.all(videoId) as string[]).join(' ');
    return text.length <= SUMMARY_CHARS ? text : `${text.slice(0, SUMMARY_CHARS - 1).trimEnd()}…`;
  };

  return (widgetId: string): EmbedWidget | null => {
    const brandId = brandOf.get(widgetId) as string | undefined;
    const widget = brandId ? repo.find(widgetId, brandId) : null;
    if (!widget) return null;
    const playlists = (playlistsOf.all(widgetId) as { id: string; title: string }[]).map((p) => ({ ...p, video_ids: playlistVideos.all(p.id) as string[] }));
    const entries = [...widget.videos];
    for (const id of new Set(playlists.flatMap((p) => p.video_ids))) {
      if (entries.some((v) => v.video_id === id)) continue;
      const row = titleOf.get(id) as { title: string; thumbnail_url: string | null } | undefined;
      if (row) entries.push({ video_id: id, title: row.title, thumbnail_url: row.thumbnail_url, duration_seconds: null, settings: { products: [] } });
    }
    const own = widget.videos.length;
    const videos = entries.map((entry, index) => {
      const f = facts.get(entry.video_id) as VideoFacts;
      return {
        video_id: entry.video_id, title: entry.title, summary: summaryOf(entry.video_id), thumbnail_url: entry.thumbnail_url,
        media_url: f.media_file ? media.signedUrl(f.media_file) : null, published_at: f.published_at,
        rating: Math.round(f.sentiment_positive * 50) / 10, verified_shopper: f.creator_type === 'fan' && f.creator_verified === 1,
        brand_video: f.added_by_bm === 1 || f.creator_type === 'brand', in_carousel: index < own, products: entry.settings.products,
      };
    });
    return {
      id: widget._id, title: widget.title, activeRatio: widget.activeRatio, colors: widget.colors, device_options: widget.device_options,
      call_to_action: widget.call_to_action, buy_now_button: widget.buy_now_button, cart_button: widget.cart_button, menu_options: widget.menu_options,
      toggles: widget.toggles, videos, playlists,
    };
  };
}
