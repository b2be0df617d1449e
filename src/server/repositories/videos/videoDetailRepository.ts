import type { TranscriptLine } from '../../../shared/domain/video';
import type { SqlClient } from '../../db/sqlClient';
import { VIDEO_ROW_COLUMNS, type VideoRow } from './videoRows';
import type { createTranscriptLines } from './transcriptLines';
import { createVideoAssociations, type VideoAssociation } from './videoAssociations';
import { favoritesOwner, type BrandScope } from './videoScope';

/** The transcript reads the detail answers through (either engine). */
type TranscriptLines = Pick<ReturnType<typeof createTranscriptLines>, 'lines' | 'all'>;

const ROW = `SELECT ${VIDEO_ROW_COLUMNS} FROM videos v JOIN brands b ON b.id = v.brand_id
  WHERE v.id = ? AND NOT EXISTS (SELECT 1 FROM video_removals r WHERE r.brand_id = ? AND r.video_id = v.id)`;

export interface VideoProductRow { id: string; brand_id: string; name: string; category: string; price: number; pictures: string }
export interface VideoPersonRow { id: number; name: string; role: string; appears_at: number }

/**
 * Reads of one video's analysis: the row, people, associations and products on either engine (`sql`); the transcript
 * through `lines` (transcriptLines.ts).
 */
export function createVideoDetailRepository(sql: SqlClient, lines: TranscriptLines) {
  const associations = createVideoAssociations(sql);

  return {
    /** The video with the acting brand's marks, when the brand may see it (own or competitor's, not removed). */
    async find(scope: BrandScope, id: string): Promise<VideoRow | null> {
      const b = scope.brandId;
      const found = await sql.get<VideoRow>(ROW, [b, favoritesOwner(scope), b, b, b, b, id, b]);
      if (!found || (found.brand_id !== b && !scope.competitorIds.includes(found.brand_id))) return null;
      return found;
    },

    /**
     * Transcript lines; with `search`, only lines containing it, case-insensitively (spec §5). Three or more characters
     * use the trigram index limited to this video's rows; shorter searches filter the video's lines in code.
     */
    transcript(videoId: string, search: string): Promise<{ total: number; lines: TranscriptLine[] }> {
      return lines.lines(videoId, search);
    },

    /** Transcript records of many videos (bulk export), in the order asked. */
    async transcripts(ids: readonly string[]): Promise<Map<string, { start_time: number; content: string }[]>> {
      const result = new Map<string, { start_time: number; content: string }[]>();
      for (const id of ids) result.set(id, (await lines.all(id)).map((line) => ({ start_time: line.start_time, content: line.content })));
      return result;
    },

    async productIds(videoId: string): Promise<string[]> {
      return (await sql.all<{ product_id: string }>('SELECT product_id FROM video_products WHERE video_id = ? ORDER BY product_id', [videoId])).map((row) => row.product_id);
    },

    products(videoId: string): Promise<VideoProductRow[]> {
      return sql.all<VideoProductRow>(
        'SELECT p.id, p.brand_id, p.name, p.category, p.price, p.pictures FROM video_products vp JOIN products p ON p.id = vp.product_id WHERE vp.video_id = ? ORDER BY p.name',
        [videoId],
      );
    },

    people(videoId: string): Promise<VideoPersonRow[]> {
      return sql.all<VideoPersonRow>('SELECT id, name, role, appears_at FROM video_people WHERE video_id = ? ORDER BY appears_at, id', [videoId]);
    },

    /** Associated videos the brand may see, closest first (see videoAssociations.ts). */
    associations(scope: BrandScope, videoId: string): Promise<VideoAssociation[]> {
      return associations(scope, videoId);
    },
  };
}

export type VideoDetailRepository = ReturnType<typeof createVideoDetailRepository>;
