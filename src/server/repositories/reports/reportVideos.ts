import type Database from 'better-sqlite3';
import type { Platform } from '../../../shared/constants';
import type { ReportVideo } from '../../../shared/http/reports.schemas';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import { numberOrNull } from '../../search/columnValues';
import { videosInRange, type HomeRange } from '../home/homeFigures';


/**
 * A report's video table: the range's videos with the most views first (ties: newest created, then id), their figures
 * from the list index's columns, titles and creators from SQLite for the rows shown.
 */
export function createReportVideos(db: Database.Database, index: VideoSearchIndex) {
  const rows = db.prepare(`SELECT v.id, v.title, v.platform, c.name AS creator_name, v.created_at
    FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.id IN (SELECT value FROM json_each(?))`);
  return (range: HomeRange, limit: number): { total: number; rows: ReportVideo[] } => {
    const { columns, picked } = videosInRange(index, range);
    const ordered = [...picked].sort((a, b) =>
      (columns.views[b] ?? 0) - (columns.views[a] ?? 0)
      || (columns.createdMs[b] ?? 0) - (columns.createdMs[a] ?? 0)
      || ((columns.id[b] ?? '') > (columns.id[a] ?? '') ? 1 : -1));
    const shown = ordered.slice(0, limit);
    const found = new Map((rows.all(JSON.stringify(shown.map((o) => columns.id[o] ?? ''))) as { id: string; title: string; platform: Platform; creator_name: string | null; created_at: string }[])
      .map((row) => [row.id, row]));
    return {
      total: picked.length,
      rows: shown.flatMap((o) => {
        const row = found.get(columns.id[o] ?? '');
        if (!row) return [];
        return [{
          _id: row.id, title: row.title, platform: row.platform, creator_name: row.creator_name, created_at: row.created_at,
          views: columns.views[o] ?? 0, likes: columns.likes[o] ?? 0, comments: columns.comments[o] ?? 0,
          positive: numberOrNull(columns.feltPositive(o)), negative: numberOrNull(columns.feltNegative(o)),
        }];
      }),
    };
  };
}
