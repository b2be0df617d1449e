import { randomBytes } from 'node:crypto';
import type { SqlClient } from '../../db/sqlClient';
import { WidgetFieldsSchema, type Playlist, type ProductTag, type Widget, type WidgetFields } from '../../../shared/http/widgets.schemas';
import { isWebMediaSource } from '../../../shared/rules/mediaUrl';
import { parse } from '../../search/columnValues';
import { PERSON_NAME, personOf } from '../team/authorship';

type WidgetRow = {
  id: string; brand_id: string; title: string; notes: string | null; active_ratio: string; colors: string; menu_options: string; device_options: string;
  call_to_action: string; buy_now_button: string; cart_button: string; toggles: string; created_at: string; updated_at: string;
  created_by: string | null; creator_name: string | null; updated_by: string | null; editor_name: string | null;
};
type VideoRow = { video_id: string; title: string; thumbnail_url: string | null; duration_seconds: number | null; settings: string };
type PlaylistRow = { id: string; title: string; created_at: string; updated_at: string };

const newId = () => randomBytes(12).toString('hex');
/** A widget row with the names of who made it and who changed it last. */
const WIDGET_ROWS = `SELECT w.*, ${PERSON_NAME('cu')} AS creator_name, ${PERSON_NAME('eu')} AS editor_name
  FROM widgets w LEFT JOIN users cu ON cu.id = w.created_by LEFT JOIN users eu ON eu.id = w.updated_by`;
const json = (text: string, fallback: unknown): unknown => parse(text) ?? fallback;
const FIELDS = WidgetFieldsSchema.omit({ videos: true });
/** A tag saved before images were checked may carry a javascript: or data: image: it reads back with none. */
const withShowableImage = (tag: ProductTag): ProductTag =>
  (typeof tag.image_url === 'string' && !isWebMediaSource(tag.image_url) ? { ...tag, image_url: null } : tag);

/** Widgets and playlists of a brand (issue 16); another brand's are never found. */
export function createWidgetRepository(sql: SqlClient) {
  const toWidget = async (row: WidgetRow): Promise<Widget> => {
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
    const [videoRows, playlistRows] = await Promise.all([
      sql.all<VideoRow>(`SELECT wv.video_id, v.title, v.thumbnail_url, v.duration_seconds, wv.settings
        FROM widget_videos wv JOIN videos v ON v.id = wv.video_id WHERE wv.widget_id = ? ORDER BY wv.position`, [row.id]),
      sql.all<{ playlist_id: string }>('SELECT playlist_id FROM playlist_widgets WHERE widget_id = ? ORDER BY playlist_id', [row.id]),
    ]);
    const videos = videoRows.map((v) => ({
      video_id: v.video_id, title: v.title, thumbnail_url: v.thumbnail_url, duration_seconds: v.duration_seconds,
      settings: { products: ((json(v.settings, {}) as { products?: ProductTag[] }).products ?? []).map(withShowableImage) },
    }));
    return { ...base, _id: row.id, brand_id: row.brand_id, videos, playlist_ids: playlistRows.map((p) => p.playlist_id), created_at: row.created_at, updated_at: row.updated_at,
      created_by: personOf(row.created_by, row.creator_name), updated_by: personOf(row.updated_by, row.editor_name) };
  };
  const stored = (fields: WidgetFields) => [
    fields.title, fields.notes, fields.activeRatio, JSON.stringify(fields.colors), JSON.stringify(fields.menu_options), JSON.stringify(fields.device_options),
    JSON.stringify(fields.call_to_action), JSON.stringify(fields.buy_now_button), JSON.stringify(fields.cart_button), JSON.stringify(fields.toggles),
  ];
  const writeVideos = async (tx: SqlClient, widgetId: string, videos: WidgetFields['videos']) => {
    await tx.run('DELETE FROM widget_videos WHERE widget_id = ?', [widgetId]);
    for (const [position, v] of videos.entries()) {
      await tx.run('INSERT INTO widget_videos (widget_id, video_id, position, settings) VALUES (?, ?, ?, ?)', [widgetId, v.video_id, position, JSON.stringify(v.settings)]);
    }
  };
  const toPlaylist = async (row: PlaylistRow): Promise<Playlist> => {
    const [videos, widgets] = await Promise.all([
      sql.all<Playlist['videos'][number]>(`SELECT pv.video_id, v.title, v.thumbnail_url FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
        WHERE pv.playlist_id = ? ORDER BY pv.position`, [row.id]),
      sql.all<{ widget_id: string }>('SELECT widget_id FROM playlist_widgets WHERE playlist_id = ? ORDER BY widget_id', [row.id]),
    ]);
    return {
      _id: row.id, title: row.title, video_ids: videos.map((v) => v.video_id), widget_ids: widgets.map((w) => w.widget_id),
      created_at: row.created_at, updated_at: row.updated_at, videos,
    };
  };
  const writePlaylistLinks = async (tx: SqlClient, playlistId: string, videoIds: string[], widgetIds: string[]) => {
    await tx.run('DELETE FROM playlist_videos WHERE playlist_id = ?', [playlistId]);
    for (const [position, videoId] of videoIds.entries()) {
      await tx.run('INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES (?, ?, ?)', [playlistId, videoId, position]);
    }
    await tx.run('DELETE FROM playlist_widgets WHERE playlist_id = ?', [playlistId]);
    for (const widgetId of widgetIds) await tx.run('INSERT INTO playlist_widgets (playlist_id, widget_id) VALUES (?, ?)', [playlistId, widgetId]);
  };
  const PLAYLIST_COLUMNS = 'id, title, created_at, updated_at';

  return {
    list: async (brandId: string): Promise<Widget[]> =>
      Promise.all((await sql.all<WidgetRow>(`${WIDGET_ROWS} WHERE w.brand_id = ? ORDER BY w.created_at DESC, w.id`, [brandId])).map(toWidget)),
    async find(id: string, brandId: string): Promise<Widget | null> {
      const row = await sql.get<WidgetRow>(`${WIDGET_ROWS} WHERE w.id = ? AND w.brand_id = ?`, [id, brandId]);
      return row ? toWidget(row) : null;
    },
    /** A new widget with its videos, in one transaction, made by `userId` (null: the brand's API key); answers its id. */
    create: (brandId: string, userId: string | null, fields: WidgetFields, now: Date): Promise<string> => sql.transaction(async (tx) => {
      const id = newId();
      const at = now.toISOString();
      await tx.run(`INSERT INTO widgets (id, brand_id, title, notes, active_ratio, colors, menu_options, device_options, call_to_action, buy_now_button, cart_button, toggles, created_at, updated_at, created_by, updated_by)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [id, brandId, ...stored(fields), at, at, userId, userId]);
      await writeVideos(tx, id, fields.videos);
      return id;
    }),
    /** Replaces a widget's fields and videos in one transaction, as `userId`'s edit; false when the brand has no such widget. */
    update: (id: string, brandId: string, userId: string | null, fields: WidgetFields, now: Date): Promise<boolean> => sql.transaction(async (tx) => {
      const { changes } = await tx.run(`UPDATE widgets SET title = ?, notes = ?, active_ratio = ?, colors = ?, menu_options = ?, device_options = ?,
        call_to_action = ?, buy_now_button = ?, cart_button = ?, toggles = ?, updated_at = ?, updated_by = ? WHERE id = ? AND brand_id = ?`, [...stored(fields), now.toISOString(), userId, id, brandId]);
      if (changes === 0) return false;
      await writeVideos(tx, id, fields.videos);
      return true;
    }),
    remove: async (id: string, brandId: string): Promise<boolean> => (await sql.run('DELETE FROM widgets WHERE id = ? AND brand_id = ?', [id, brandId])).changes > 0,

    playlists: async (brandId: string): Promise<Playlist[]> =>
      Promise.all((await sql.all<PlaylistRow>(`SELECT ${PLAYLIST_COLUMNS} FROM playlists WHERE brand_id = ? ORDER BY created_at DESC, id`, [brandId])).map(toPlaylist)),
    async findPlaylist(id: string, brandId: string): Promise<Playlist | null> {
      const row = await sql.get<PlaylistRow>(`SELECT ${PLAYLIST_COLUMNS} FROM playlists WHERE id = ? AND brand_id = ?`, [id, brandId]);
      return row ? toPlaylist(row) : null;
    },
    createPlaylist: (brandId: string, title: string, videoIds: string[], widgetIds: string[], now: Date): Promise<string> => sql.transaction(async (tx) => {
      const id = newId();
      await tx.run('INSERT INTO playlists (id, brand_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [id, brandId, title, now.toISOString(), now.toISOString()]);
      await writePlaylistLinks(tx, id, videoIds, widgetIds);
      return id;
    }),
    updatePlaylist: (id: string, brandId: string, title: string, videoIds: string[], widgetIds: string[], now: Date): Promise<boolean> => sql.transaction(async (tx) => {
      const { changes } = await tx.run('UPDATE playlists SET title = ?, updated_at = ? WHERE id = ? AND brand_id = ?', [title, now.toISOString(), id, brandId]);
      if (changes === 0) return false;
      await writePlaylistLinks(tx, id, videoIds, widgetIds);
      return true;
    }),
    removePlaylist: async (id: string, brandId: string): Promise<boolean> => (await sql.run('DELETE FROM playlists WHERE id = ? AND brand_id = ?', [id, brandId])).changes > 0,
  };
}
export type WidgetRepository = ReturnType<typeof createWidgetRepository>;
