import { CREATOR_CSV_COLUMNS } from '../../../../shared/http/creators.schemas';
import type { CreatorRow } from '../../../repositories/creators/creatorDetailRepository';
import { parseJsonList } from '../../../repositories/products/productListRepository';
import { csvFile } from '../../../http/csvText';
import { platformLabel } from '../../../../shared/labels';

function valuesOf(row: CreatorRow): Record<(typeof CREATOR_CSV_COLUMNS)[number], string | number | boolean | null> {
  return {
    id: row.id, name: row.name, handle: row.handle,
    // A spreadsheet reader sees the platform's name (YouTube, TikTok), not its stored value (Youtube, Tiktok).
    platform: platformLabel(row.platform), email: row.email, country: row.country, language: row.language,
    subscribers: row.subscribers, video_count: row.video_count, creator_type: row.creator_type, reelscopeVerified: row.verified === 1,
    categories: parseJsonList(row.categories).join('; '), latest_platform_video_published_at: row.latest_platform_video_published_at,
    average_views_per_video: row.average_views_per_video, average_engagement_index: row.average_engagement_index,
    influencer_performance_index: row.influencer_performance_index, brand: row.brand_name,
  };
}

/** The whole file: BOM, header row, one row per creator; CRLF line ends. */
export function creatorsCsv(rows: readonly CreatorRow[]): string {
  return csvFile(CREATOR_CSV_COLUMNS, rows.map((row) => {
    const values = valuesOf(row);
    return CREATOR_CSV_COLUMNS.map((column) => values[column]);
  }));
}
