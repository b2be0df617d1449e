import type { SqlClient } from '../../db/sqlClient';

/** What the embed shows of a video beyond the widget's own entry: its creator's kind, rating, media file. */
export type VideoFacts = {
  id: string; media_file: string | null; published_at: string | null; sentiment_positive: number; added_by_bm: number;
  creator_type: string | null; creator_verified: number | null;
};

/** The reads behind embed.js's widget payload: whose widget it is, its playlists, and the facts of each video it shows. */
export function createEmbedFacts(sql: SqlClient) {
  return {
    brandOf: async (widgetId: string): Promise<string | null> =>
      (await sql.get<{ brand_id: string }>('SELECT brand_id FROM widgets WHERE id = ?', [widgetId]))?.brand_id ?? null,
    facts: async (videoId: string): Promise<VideoFacts> =>
      (await sql.get<VideoFacts>(`SELECT v.id, v.media_file, v.published_at, v.sentiment_positive, v.added_by_bm, c.creator_type, c.verified AS creator_verified
        FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.id = ?`, [videoId])) as VideoFacts,
    titleOf: async (videoId: string): Promise<{ title: string; thumbnail_url: string | null } | null> =>
      (await sql.get<{ title: string; thumbnail_url: string | null }>('SELECT title, thumbnail_url FROM videos WHERE id = ?', [videoId])) ?? null,
    /** The first transcript lines, in order (the summary is made of them). */
    firstLines: async (videoId: string): Promise<string[]> =>
      (await sql.all<{ content: string }>('SELECT content FROM transcript_lines WHERE video_id = ? ORDER BY line_no LIMIT 6', [videoId])).map((row) => row.content),
    playlistsOf: (widgetId: string): Promise<{ id: string; title: string }[]> =>
      sql.all<{ id: string; title: string }>('SELECT p.id, p.title FROM playlist_widgets pw JOIN playlists p ON p.id = pw.playlist_id WHERE pw.widget_id = ? ORDER BY p.created_at, p.id', [widgetId]),
    playlistVideoIds: async (playlistId: string): Promise<string[]> =>
      (await sql.all<{ video_id: string }>('SELECT video_id FROM playlist_videos WHERE playlist_id = ? ORDER BY position', [playlistId])).map((row) => row.video_id),
  };
}
export type EmbedFacts = ReturnType<typeof createEmbedFacts>;
