/** IPC schemas of the creators CSV export (issue 6 item 4): the host saves GET /jwt_api/influencers/export.csv to a file. */
import { z } from 'zod';
import { DATE_RANGES } from '../constants';
import { ReportDefinitionSchema } from '../http/reports.schemas';

/** The list query of the current filter (the same string parameters GET /influencers takes, brand_id and user_id included). */
export const CreatorsCsvExportSchema = z.object({
  query: z.record(z.string().max(100), z.string().max(10_000)),
});
export type CreatorsCsvExportInput = z.input<typeof CreatorsCsvExportSchema>;

/** licensing.exportCsv: who asks (the acting brand and user). */
export const LicensingCsvExportSchema = z.object({ brand_id: z.string().min(1).max(100), user_id: z.string().min(1).max(100) });

/** Where the file went and how many data rows (header excluded) it holds; null when the person cancelled the save dialog. */
export const CsvExportResultSchema = z
  .object({ path: z.string(), rows: z.number().int().min(0), bytes: z.number().int().min(0) })
  .nullable();
export type CsvExportResult = z.infer<typeof CsvExportResultSchema>;

/** IPC schemas of the report exports (issue 12): the host fetches the figures, builds the document, writes PDF or CSV. */
export const REPORT_EXPORT_FORMATS = ['pdf', 'csv'] as const;
/** Who the host asks the back end as (the acting brand and user). */
const identity = z.object({ brand_id: z.string().min(1).max(64), user_id: z.string().min(1).max(64) });
export const ReportExportSchema = z
  .object({
    format: z.enum(REPORT_EXPORT_FORMATS),
    identity,
    /** A saved report, with its window optionally overridden... */
    report_id: z.string().min(1).max(64).optional(),
    window: z.object({ duration: z.enum(DATE_RANGES).optional(), start_date: z.iso.date().optional(), end_date: z.iso.date().optional() }).default({}),
    /** ...or an unsaved definition (the home overview), checked by the back end. */
    definition: ReportDefinitionSchema.optional(),
  })
  .refine((input) => (input.report_id === undefined) !== (input.definition === undefined), 'Name either a saved report or a definition');
export type ReportExportInput = z.input<typeof ReportExportSchema>;

/** Where the file went, its size and (PDF) its pages; null when the person cancelled the save dialog. */
export const ReportExportResultSchema = z
  .object({ path: z.string(), bytes: z.number().int().min(0), pages: z.number().int().min(1).nullable() })
  .nullable();
export type ReportExportResult = z.infer<typeof ReportExportResultSchema>;

/** Scheduled reports (issue 12, desktop): a saved report written as PDF into a chosen folder every week or month. */
export const REPORT_CADENCES = ['weekly', 'monthly'] as const;

/** Sets (cadence and folder) or removes (cadence null) a report's schedule. */
export const ReportScheduleInputSchema = z.object({
  report_id: z.string().min(1).max(64),
  identity,
  title: z.string().max(200),
  cadence: z.enum(REPORT_CADENCES).nullable(),
  /** A folder picked with dialog.pickDirectory (or the app's own); needed unless removing. */
  folder: z.string().min(1).max(4096).optional(),
});
export type ReportScheduleInput = z.infer<typeof ReportScheduleInputSchema>;

export const ReportScheduleSchema = z.object({
  report_id: z.string(),
  identity,
  title: z.string(),
  cadence: z.enum(REPORT_CADENCES),
  folder: z.string(),
  next_due: z.string(),
  /** The last run: when, whether it wrote the file, where, or why not. */
  last_run: z.object({ at: z.string(), ok: z.boolean(), path: z.string().nullable(), message: z.string().nullable() }).nullable(),
});
export type ReportSchedule = z.infer<typeof ReportScheduleSchema>;
