import type { EmbedWidget } from '../../../shared/http/widgets.schemas';
import type { EmbedFacts } from '../../repositories/widgets/embedFacts';
import type { WidgetRepository } from '../../repositories/widgets/widgetRepository';
import type { MediaService } from '../media/mediaService';

const SUMMARY_CHARS = 200;

/** What embed.js receives for a widget: only what a shopper sees, media as signed paths on this back end. */
export function createEmbedPayload(store: EmbedFacts, repo: WidgetRepository, media: MediaService) {
  const summaryOf = async (videoId: string) => {
    const text = (await store.firstLines(videoId)).join(' ');
    return text.length <= SUMMARY_CHARS ? text : `${text.slice(0, SUMMARY_CHARS - 1).trimEnd()}…`;
  };

  return async (widgetId: string): Promise<EmbedWidget | null> => {
    const brandId = await store.brandOf(widgetId);
    const widget = brandId ? await repo.find(widgetId, brandId) : null;
    if (!widget) return null;
    const playlists = await Promise.all((await store.playlistsOf(widgetId)).map(async (p) => ({ ...p, video_ids: await store.playlistVideoIds(p.id) })));
    const entries = [...widget.videos];
    for (const id of new Set(playlists.flatMap((p) => p.video_ids))) {
      if (entries.some((v) => v.video_id === id)) continue;
      const row = await store.titleOf(id);
      if (row) entries.push({ video_id: id, title: row.title, thumbnail_url: row.thumbnail_url, duration_seconds: null, settings: { products: [] } });
    }
    const own = widget.videos.length;
    const videos = await Promise.all(entries.map(async (entry, index) => {
      const [f, summary] = await Promise.all([store.facts(entry.video_id), summaryOf(entry.video_id)]);
      return {
        video_id: entry.video_id, title: entry.title, summary, thumbnail_url: entry.thumbnail_url,
        media_url: f.media_file ? media.signedUrl(f.media_file) : null, published_at: f.published_at,
        rating: Math.round(f.sentiment_positive * 50) / 10, verified_shopper: f.creator_type === 'fan' && f.creator_verified === 1,
        brand_video: f.added_by_bm === 1 || f.creator_type === 'brand', in_carousel: index < own, products: entry.settings.products,
      };
    }));
    return {
      id: widget._id, title: widget.title, activeRatio: widget.activeRatio, colors: widget.colors, device_options: widget.device_options,
      call_to_action: widget.call_to_action, buy_now_button: widget.buy_now_button, cart_button: widget.cart_button, menu_options: widget.menu_options,
      toggles: widget.toggles, videos, playlists,
    };
  };
}
