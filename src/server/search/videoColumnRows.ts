import { inList, type SqlClient } from '../db/sqlClient';

/** What the list index keeps of one video (see VideoColumns), as read from either engine. */
export interface LoadedRow {
  ord: number; id: string; brand_id: string; title: string; platform: string; creator_id: string | null; category: string | null;
  language: string | null; scene: string | null; pov: string | null; audio_labels: string; topics: string; brand_safety: string;
  demographics: string; sentiment_positive: number; sentiment_negative: number; views: number; likes: number; comments: number; sponsored: number;
  sponsored_by: string | null; published_at: string | null; created_at: string; creator_name: string | null;
  /** The words seen on screen (migration 038), newline-separated; null when none were read. */
  screen_text: string | null;
  /** 1 when the video has a transcript line (it has a sentiment), else 0. */
  felt: number;
  products: string[];
}

// `rowid` is SQLite's implicit key and a column of PostgreSQL's videos (migration 002's twin): the video's ordinal.
const ROW_SQL = `SELECT v.rowid AS ord, v.id, v.brand_id, v.title, v.platform, v.creator_id, v.category, v.language, v.scene, v.pov,
  v.audio_labels, v.topics, v.brand_safety, v.demographics, v.sentiment_positive, v.sentiment_negative, v.views, v.likes, v.comments, v.sponsored,
  v.sponsored_by, v.published_at, v.created_at, c.name AS creator_name, v.screen_text,
  CASE WHEN EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id) THEN 1 ELSE 0 END AS felt
  FROM videos v LEFT JOIN creators c ON c.id = v.creator_id`;

type Row = Omit<LoadedRow, 'products'>;

function withProducts(rows: Row[], links: { video_id: string; product_id: string }[]): LoadedRow[] {
  const productsOf = new Map<string, string[]>();
  for (const { video_id, product_id } of links) {
    const list = productsOf.get(video_id);
    if (list) list.push(product_id);
    else productsOf.set(video_id, [product_id]);
  }
  return rows.map((row) => ({ ...row, products: productsOf.get(row.id) ?? [] }));
}

/** Every video, in ordinal order, with its products (one pass over video_products, not a subquery per video). */
export async function loadEveryVideoRow(sql: SqlClient): Promise<LoadedRow[]> {
  const rows = await sql.all<Row>(`${ROW_SQL} ORDER BY v.rowid`);
  const links = await sql.all<{ video_id: string; product_id: string }>('SELECT video_id, product_id FROM video_products ORDER BY video_id, product_id');
  return withProducts(rows, links);
}

/** The rows of some videos (those gone are missing). */
export async function loadVideoRows(sql: SqlClient, ids: readonly string[]): Promise<LoadedRow[]> {
  if (ids.length === 0) return [];
  const byId = inList(sql, 'v.id', ids);
  const rows = await sql.all<Row>(`${ROW_SQL} WHERE ${byId.sql} ORDER BY v.rowid`, [byId.param]);
  const byVideo = inList(sql, 'video_id', ids);
  const links = await sql.all<{ video_id: string; product_id: string }>(`SELECT video_id, product_id FROM video_products WHERE ${byVideo.sql} ORDER BY video_id, product_id`, [byVideo.param]);
  return withProducts(rows, links);
}
