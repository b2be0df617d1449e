import type { ReportVideo } from '../../../shared/http/reports.schemas';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import { numberOrNull } from '../../search/columnValues';
import { rangeDays, videosIn, type HomeRange } from '../home/homeFigures';
import type { HomeRows } from '../home/homeRows';

/**
 * A report's video table: the range's videos with the most views first (ties: newest created, then id), their figures
 * from the list index's columns (synchronous), titles and creators from the database for the rows shown (either engine).
 * Ranked from the range's days (their videos by views, kept until the next write), not a sort of every video a
 * request.
 */
export function createReportVideos(rows: HomeRows, index: VideoSearchIndex) {
  return async (range: HomeRange, limit: number): Promise<{ total: number; rows: ReportVideo[] }> => {
    const inRange = rangeDays(index, range);
    const { columns } = inRange;
    const shown = inRange.days.mostViewed(inRange.window, limit);
    const total = videosIn(inRange);
    const found = await rows.videos(shown.map((o) => columns.id[o] ?? ''));
    return {
      total,
      rows: shown.flatMap((o) => {
        const row = found.get(columns.id[o] ?? '');
        if (!row) return [];
        return [{
          _id: row._id, title: row.title, platform: row.platform, creator_name: row.creator_name, created_at: row.created_at,
          views: columns.views[o] ?? 0, likes: columns.likes[o] ?? 0, comments: columns.comments[o] ?? 0,
          positive: numberOrNull(columns.feltPositive(o)), negative: numberOrNull(columns.feltNegative(o)),
        }];
      }),
    };
  };
}
