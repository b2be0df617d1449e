import type Database from 'better-sqlite3';

/** What the embed shows of a video beyond the widget's own entry: its creator's kind, rating, media file. */
export type VideoFacts = {
  id: string; media_file: string | null; published_at: string | null; sentiment_positive: number; added_by_bm: number;
  creator_type: string | null; creator_verified: number | null;
};

/** The reads behind embed.js's widget payload: whose widget it is, its playlists, and the facts of each video it shows. */
export function createEmbedFacts(db: Database.Database) {
  const brandOf = db.prepare('SELECT brand_id FROM widgets WHERE id = ?').pluck();
  const facts = db.prepare(`SELECT v.id, v.media_file, v.published_at, v.sentiment_positive, v.added_by_bm, c.creator_type, c.verified AS creator_verified
    FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.id = ?`);
  const titleOf = db.prepare('SELECT title, thumbnail_url FROM videos WHERE id = ?');
  const firstLines = db.prepare('SELECT content FROM transcript_lines WHERE video_id = ? ORDER BY line_no LIMIT 6').pluck();
  const playlistsOf = db.prepare(`SELECT p.id, p.title FROM playlist_widgets pw JOIN playlists p ON p.id = pw.playlist_id WHERE pw.widget_id = ? ORDER BY p.created_at, p.id`);
  const playlistVideos = db.prepare('SELECT video_id FROM playlist_videos WHERE playlist_id = ? ORDER BY position').pluck();

  return {
    brandOf: (widgetId: string): string | null => (brandOf.get(widgetId) as string | undefined) ?? null,
    facts: (videoId: string): VideoFacts => facts.get(videoId) as VideoFacts,
    titleOf: (videoId: string): { title: string; thumbnail_url: string | null } | null =>
      (titleOf.get(videoId) as { title: string; thumbnail_url: string | null } | undefined) ?? null,
    /** The first transcript lines, in order (the summary is made of them). */
    firstLines: (videoId: string): string[] => firstLines.all(videoId) as string[],
    playlistsOf: (widgetId: string): { id: string; title: string }[] => playlistsOf.all(widgetId) as { id: string; title: string }[],
    playlistVideoIds: (playlistId: string): string[] => playlistVideos.all(playlistId) as string[],
  };
}
export type EmbedFacts = ReturnType<typeof createEmbedFacts>;
