import type Database from 'better-sqlite3';
import type { TranscriptLine } from '../../../shared/domain/video';
import { VIDEO_ROW_COLUMNS, type VideoRow } from './videoRows';
import { createTranscriptLines } from './transcriptLines';
import { createVideoAssociations, type VideoAssociation } from './videoAssociations';
import type { BrandScope } from './videoScope';
import type { TranscriptIndex } from '../../search/transcriptIndex';

/** Reads of one video's analysis: the row, transcript, sentiment lines, people, associations and products. */
export function createVideoDetailRepository(db: Database.Database, terms?: TranscriptIndex) {
  const row = db.prepare(
    `SELECT ${VIDEO_ROW_COLUMNS} FROM videos v JOIN brands b ON b.id = v.brand_id
     WHERE v.id = ? AND NOT EXISTS (SELECT 1 FROM video_removals r WHERE r.brand_id = ? AND r.video_id = v.id)`,
  );
  const lines = createTranscriptLines(db, terms);
  const productIds = db.prepare('SELECT product_id FROM video_products WHERE video_id = ? ORDER BY product_id').pluck();
  const products = db.prepare(
    'SELECT p.id, p.brand_id, p.name, p.category, p.price, p.pictures FROM video_products vp JOIN products p ON p.id = vp.product_id WHERE vp.video_id = ? ORDER BY p.name',
  );
  const people = db.prepare('SELECT id, name, role, appears_at FROM video_people WHERE video_id = ? ORDER BY appears_at, id');
  const associations = createVideoAssociations(db);

  return {
    /** The video with the acting brand's marks, when the brand may see it (own or competitor's, not removed). */
    find(scope: BrandScope, id: string): VideoRow | null {
      const b = scope.brandId;
      const found = row.get(b, b, b, b, b, id, b) as VideoRow | undefined;
      if (!found || (found.brand_id !== b && !scope.competitorIds.includes(found.brand_id))) return null;
      return found;
    },

    /**
     * Transcript lines; with `search`, only lines containing it, case-insensitively (spec §5). Three or more characters
     * use the trigram index limited to this video's rows; shorter searches filter the video's lines in code.
     */
    transcript(videoId: string, search: string): { total: number; lines: TranscriptLine[] } {
      return lines.lines(videoId, search);
    },

    /** Transcript records of many videos (bulk export), in the order asked. */
    transcripts(ids: readonly string[]): Map<string, { start_time: number; content: string }[]> {
      const result = new Map<string, { start_time: number; content: string }[]>();
      for (const id of ids) result.set(id, lines.all(id).map((line) => ({ start_time: line.start_time, content: line.content })));
      return result;
    },

    productIds(videoId: string): string[] {
      return productIds.all(videoId) as string[];
    },

    products(videoId: string): { id: string; brand_id: string; name: string; category: string; price: number; pictures: string }[] {
      return products.all(videoId) as { id: string; brand_id: string; name: string; category: string; price: number; pictures: string }[];
    },

    people(videoId: string): { id: number; name: string; role: string; appears_at: number }[] {
      return people.all(videoId) as { id: number; name: string; role: string; appears_at: number }[];
    },

    /** Associated videos the brand may see, closest first (see videoAssociations.ts). */
    associations(scope: BrandScope, videoId: string): VideoAssociation[] {
      return associations(scope, videoId);
    },
  };
}

export type VideoDetailRepository = ReturnType<typeof createVideoDetailRepository>;
