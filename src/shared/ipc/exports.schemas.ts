/** IPC schemas of the creators CSV export (issue 6 item 4): the host saves GET /jwt_api/influencers/export.csv to a file. */
import { z } from 'zod';

/** The list query of the current filter (the same string parameters GET /influencers takes, brand_id and user_id included). */
export const CreatorsCsvExportSchema = z.object({
  query: z.record(z.string().max(100), z.string().max(10_000)),
});
export type CreatorsCsvExportInput = z.input<typeof CreatorsCsvExportSchema>;

/** Where the file went and how many data rows (header excluded) it holds; null when the person cancelled the save dialog. */
export const CsvExportResultSchema = z
  .object({ path: z.string(), rows: z.number().int().min(0), bytes: z.number().int().min(0) })
  .nullable();
export type CsvExportResult = z.infer<typeof CsvExportResultSchema>;
