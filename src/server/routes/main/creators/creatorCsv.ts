import { CREATOR_CSV_COLUMNS } from '../../../../shared/http/creators.schemas';
import type { CreatorRow } from '../../../repositories/creators/creatorDetailRepository';
import { parseJsonList } from '../../../repositories/products/productListRepository';

/** UTF-8 byte order mark: spreadsheet apps then read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV cell (RFC 4180). Text starting with =, +, -, @, tab or carriage return is prefixed with ' so a spreadsheet
 * shows it instead of evaluating it (formula injection); numbers are written as they are.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function valuesOf(row: CreatorRow): Record<(typeof CREATOR_CSV_COLUMNS)[number], string | number | boolean | null> {
  return {
    id: row.id, name: row.name, handle: row.handle, platform: row.platform, email: row.email, country: row.country, language: row.language,
    subscribers: row.subscribers, video_count: row.video_count, creator_type: row.creator_type, reelscopeVerified: row.verified === 1,
    categories: parseJsonList(row.categories).join('; '), latest_platform_video_published_at: row.latest_platform_video_published_at,
    average_views_per_video: row.average_views_per_video, average_engagement_index: row.average_engagement_index,
    influencer_performance_index: row.influencer_performance_index, brand: row.brand_name,
  };
}

/** The whole file: BOM, header row, one row per creator; CRLF line ends. */
export function creatorsCsv(rows: readonly CreatorRow[]): string {
  const lines = [CREATOR_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const values = valuesOf(row);
    lines.push(CREATOR_CSV_COLUMNS.map((column) => csvCell(values[column])).join(','));
  }
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
