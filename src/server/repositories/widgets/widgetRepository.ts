import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { WidgetFieldsSchema, type Playlist, type ProductTag, type Widget, type WidgetFields } from '../../../shared/http/widgets.schemas';
import { isWebMediaSource } from '../../../shared/rules/mediaUrl';
import { parse } from '../../search/columnValues';

type WidgetRow = {
  id: string; brand_id: string; title: string; notes: string | null; active_ratio: string; colors: string; menu_options: string; device_options: string;
  call_to_action: string; buy_now_button: string; cart_button: string; toggles: string; created_at: string; updated_at: string;
};
type VideoRow = { video_id: string; title: string; thumbnail_url: string | null; duration_seconds: number | null; settings: string };
type PlaylistRow = { id: string; title: string; created_at: string; updated_at: string };

const newId = () => randomBytes(12).toString('hex');
const json = (text: string, fallback: unknown): unknown => parse(text) ?? fallback;
const FIELDS = WidgetFieldsSchema.omit({ videos: true });
/** A tag saved before images were checked may carry a javascript: or data: image: it reads back with none. */
const withShowableImage = (tag: ProductTag): ProductTag =>
  (typeof tag.image_url === 'string' && !isWebMediaSource(tag.image_url) ? { ...tag, image_url: null } : tag);

/** Widgets and playlists of a brand (issue 16); another brand's are never found. */
export function createWidgetRepository(db: Database.Database) {
  const byBrand = db.prepare('SELECT * FROM widgets WHERE brand_id = ? ORDER BY created_at DESC, id');
  const find = db.prepare('SELECT * FROM widgets WHERE id = ? AND brand_id = ?');
  const videosOf = db.prepare(`SELECT wv.video_id, v.title, v.thumbnail_url, v.duration_seconds, wv.settings
    FROM widget_videos wv JOIN videos v ON v.id = wv.video_id WHERE wv.widget_id = ? ORDER BY wv.position`);
  const playlistIdsOf = db.prepare('SELECT playlist_id FROM playlist_widgets WHERE widget_id = ? ORDER BY playlist_id').pluck();
  const insert = db.prepare(`INSERT INTO widgets (id, brand_id, title, notes, active_ratio, colors, menu_options, device_options, call_to_action, buy_now_button, cart_button, toggles, created_at, updated_at)
    VALUES (@id, @brand_id, @title, @notes, @active_ratio, @colors, @menu_options, @device_options, @call_to_action, @buy_now_button, @cart_button, @toggles, @at, @at)`);
  const update = db.prepare(`UPDATE widgets SET title = @title, notes = @notes, active_ratio = @active_ratio, colors = @colors, menu_options = @menu_options,
    device_options = @device_options, call_to_action = @call_to_action, buy_now_button = @buy_now_button, cart_button = @cart_button, toggles = @toggles, updated_at = @at
    WHERE id = @id AND brand_id = @brand_id`);
  const clearVideos = db.prepare('DELETE FROM widget_videos WHERE widget_id = ?');
  const insertVideo = db.prepare('INSERT INTO widget_videos (widget_id, video_id, position, settings) VALUES (?, ?, ?, ?)');
  const remove = db.prepare('DELETE FROM widgets WHERE id = ? AND brand_id = ?');

  const playlistsByBrand = db.prepare('SELECT id, title, created_at, updated_at FROM playlists WHERE brand_id = ? ORDER BY created_at DESC, id');
  const findPlaylist = db.prepare('SELECT id, title, created_at, updated_at FROM playlists WHERE id = ? AND brand_id = ?');
  const playlistVideos = db.prepare(`SELECT pv.video_id, v.title, v.thumbnail_url FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
    WHERE pv.playlist_id = ? ORDER BY pv.position`);
  const playlistWidgets = db.prepare('SELECT widget_id FROM playlist_widgets WHERE playlist_id = ? ORDER BY widget_id').pluck();
  const insertPlaylist = db.prepare('INSERT INTO playlists (id, brand_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  const renamePlaylist = db.prepare('UPDATE playlists SET title = ?, updated_at = ? WHERE id = ? AND brand_id = ?');
  const clearPlaylistVideos = db.prepare('DELETE FROM playlist_videos WHERE playlist_id = ?');
  const insertPlaylistVideo = db.prepare('INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES (?, ?, ?)');
  const clearPlaylistWidgets = db.prepare('DELETE FROM playlist_widgets WHERE playlist_id = ?');
  const insertPlaylistWidget = db.prepare('INSERT INTO playlist_widgets (playlist_id, widget_id) VALUES (?, ?)');
  const removePlaylist = db.prepare('DELETE FROM playlists WHERE id = ? AND brand_id = ?');

  const toWidget = (row: WidgetRow): Widget => {
    // Each stored value that no longer reads (an older build, a hand edit) falls back to its own default, never to a 500.
    const stored: Record<string, unknown> = {
      notes: row.notes ?? '', activeRatio: row.active_ratio, colors: json(row.colors, undefined), menu_options: json(row.menu_options, undefined),
      device_options: json(row.device_options, undefined), call_to_action: json(row.call_to_action, undefined), buy_now_button: json(row.buy_now_button, undefined),
      cart_button: json(row.cart_button, undefined), toggles: json(row.toggles, undefined),
    };
    const shape = FIELDS.shape;
    const read = <K extends keyof typeof shape>(key: K) => {
      const parsed = shape[key].safeParse(stored[key]);
      return parsed.success ? parsed.data : shape[key].parse(undefined);
    };
    const base = {
      title: row.title, notes: read('notes'), activeRatio: read('activeRatio'), colors: read('colors'), menu_options: read('menu_options'),
      device_options: read('device_options'), call_to_action: read('call_to_action'), buy_now_button: read('buy_now_button'), cart_button: read('cart_button'), toggles: read('toggles'),
    } as Omit<WidgetFields, 'videos'>;
    const videos = (videosOf.all(row.id) as VideoRow[]).map((v) => ({
      video_id: v.video_id, title: v.title, thumbnail_url: v.thumbnail_url, duration_seconds: v.duration_seconds,
      settings: { products: ((json(v.settings, {}) as { products?: ProductTag[] }).products ?? []).map(withShowableImage) },
    }));
    return { ...base, _id: row.id, brand_id: row.brand_id, videos, playlist_ids: playlistIdsOf.all(row.id) as string[], created_at: row.created_at, updated_at: row.updated_at };
  };
  const stored = (fields: WidgetFields) => ({
    title: fields.title, notes: fields.notes, active_ratio: fields.activeRatio, colors: JSON.stringify(fields.colors), menu_options: JSON.stringify(fields.menu_options),
    device_options: JSON.stringify(fields.device_options), call_to_action: JSON.stringify(fields.call_to_action), buy_now_button: JSON.stringify(fields.buy_now_button),
    cart_button: JSON.stringify(fields.cart_button), toggles: JSON.stringify(fields.toggles),
  });
  const writeVideos = (widgetId: string, videos: WidgetFields['videos']) => {
    clearVideos.run(widgetId);
    videos.forEach((v, position) => insertVideo.run(widgetId, v.video_id, position, JSON.stringify(v.settings)));
  };
  const toPlaylist = (row: PlaylistRow): Playlist => {
    const videos = playlistVideos.all(row.id) as Playlist['videos'];
    return {
      _id: row.id, title: row.title, video_ids: videos.map((v) => v.video_id), widget_ids: playlistWidgets.all(row.id) as string[],
      created_at: row.created_at, updated_at: row.updated_at, videos,
    };
  };
  const writePlaylistLinks = (playlistId: string, videoIds: string[], widgetIds: string[]) => {
    clearPlaylistVideos.run(playlistId);
    videoIds.forEach((videoId, position) => insertPlaylistVideo.run(playlistId, videoId, position));
    clearPlaylistWidgets.run(playlistId);
    for (const widgetId of widgetIds) insertPlaylistWidget.run(playlistId, widgetId);
  };

  return {
    list: (brandId: string): Widget[] => (byBrand.all(brandId) as WidgetRow[]).map(toWidget),
    find(id: string, brandId: string): Widget | null {
      const row = find.get(id, brandId) as WidgetRow | undefined;
      return row ? toWidget(row) : null;
    },
    create: db.transaction((brandId: string, fields: WidgetFields, now: Date): string => {
      const id = newId();
      insert.run({ ...stored(fields), id, brand_id: brandId, at: now.toISOString() });
      writeVideos(id, fields.videos);
      return id;
    }),
    update: db.transaction((id: string, brandId: string, fields: WidgetFields, now: Date): boolean => {
      if (update.run({ ...stored(fields), id, brand_id: brandId, at: now.toISOString() }).changes === 0) return false;
      writeVideos(id, fields.videos);
      return true;
    }),
    remove: (id: string, brandId: string): boolean => remove.run(id, brandId).changes > 0,

    playlists: (brandId: string): Playlist[] => (playlistsByBrand.all(brandId) as PlaylistRow[]).map(toPlaylist),
    findPlaylist(id: string, brandId: string): Playlist | null {
      const row = findPlaylist.get(id, brandId) as PlaylistRow | undefined;
      return row ? toPlaylist(row) : null;
    },
    createPlaylist: db.transaction((brandId: string, title: string, videoIds: string[], widgetIds: string[], now: Date): string => {
      const id = newId();
      insertPlaylist.run(id, brandId, title, now.toISOString(), now.toISOString());
      writePlaylistLinks(id, videoIds, widgetIds);
      return id;
    }),
    updatePlaylist: db.transaction((id: string, brandId: string, title: string, videoIds: string[], widgetIds: string[], now: Date): boolean => {
      if (renamePlaylist.run(title, now.toISOString(), id, brandId).changes === 0) return false;
      writePlaylistLinks(id, videoIds, widgetIds);
      return true;
    }),
    removePlaylist: (id: string, brandId: string): boolean => removePlaylist.run(id, brandId).changes > 0,
  };
}
export type WidgetRepository = ReturnType<typeof createWidgetRepository>;
