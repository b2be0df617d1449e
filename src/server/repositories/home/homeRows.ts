import type { Platform } from '../../../shared/constants';
import { inList, type SqlClient } from '../../db/sqlClient';

/** A video row as the home lists and reports show it (the figures come from the list index's columns). */
export interface HomeVideoRow {
  _id: string;
  title: string;
  platform: Platform;
  thumbnail_url: string | null;
  creator_name: string | null;
  views: number;
  created_at: string;
}

/** A speech report's video: as a home row, with its publication time instead of its creation time. */
export type PublishedVideoRow = Omit<HomeVideoRow, 'created_at'> & { published_at: string | null };

/** The video row's columns and `time` (created_at or published_at). */
const videoSelect = (time: string) =>
  `SELECT v.id AS _id, v.title, v.platform, v.thumbnail_url, c.name AS creator_name, v.views, v.${time} FROM videos v LEFT JOIN creators c ON c.id = v.creator_id`;

/**
 * The few rows a home widget, a report or the assistant shows, read by id from either engine (issue 27): the figures
 * themselves come from the in-memory list index (src/server/search, synchronous), only names, titles and pictures
 * from here. One SQL text for both engines (`inList` for the id lists).
 */
export function createHomeRows(sql: SqlClient) {
  const byIds = async <T extends object>(select: string, column: string, ids: readonly string[], key: (row: T) => string): Promise<Map<string, T>> => {
    if (ids.length === 0) return new Map();
    const list = inList(sql, column, ids);
    return new Map((await sql.all<T>(`${select} WHERE ${list.sql}`, [list.param])).map((row) => [key(row), row]));
  };
  return {
    videos: (ids: readonly string[]) => byIds<HomeVideoRow>(videoSelect('created_at'), 'v.id', ids, (row) => row._id),
    publishedVideos: (ids: readonly string[]) => byIds<PublishedVideoRow>(videoSelect('published_at'), 'v.id', ids, (row) => row._id),
    products: (ids: readonly string[]) => byIds<{ id: string; name: string; pictures: string }>('SELECT id, name, pictures FROM products', 'id', ids, (row) => row.id),
    creators: (ids: readonly string[]) => byIds<{ id: string; name: string; picture: string | null }>('SELECT id, name, picture FROM creators', 'id', ids, (row) => row.id),
    /** Every transcript line of these videos (video id, text), in no particular order. */
    transcriptLines: async (ids: readonly string[]): Promise<{ video_id: string; content: string }[]> => {
      if (ids.length === 0) return [];
      const list = inList(sql, 'video_id', ids);
      return sql.all(`SELECT video_id, content FROM transcript_lines WHERE ${list.sql}`, [list.param]);
    },
    /** A brand's name (empty for one that is gone). */
    async brandName(brandId: string): Promise<string> {
      return (await sql.get<{ name: string }>('SELECT name FROM brands WHERE id = ?', [brandId]))?.name ?? '';
    },
    /** Brands' names by id, in one round trip (a brand that is gone is missing). */
    async brandNames(brandIds: readonly string[]): Promise<Map<string, string>> {
      const list = inList(sql, 'id', brandIds);
      return new Map((await sql.all<{ id: string; name: string }>(`SELECT id, name FROM brands WHERE ${list.sql}`, [list.param])).map((row) => [row.id, row.name]));
    },
    /** A brand's competitors' ids, in id order. */
    async competitorsOf(brandId: string): Promise<string[]> {
      return (await sql.all<{ id: string }>('SELECT id FROM brands WHERE competitor_of = ? ORDER BY id', [brandId])).map((row) => row.id);
    },
  };
}
export type HomeRows = ReturnType<typeof createHomeRows>;
