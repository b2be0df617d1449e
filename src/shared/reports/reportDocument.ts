/**
 * A report as something to read: title lines, KPIs with their comparison, charts and tables (issue 12). One model
 * for the report screen, the PDF and the CSV, built from the figures by `buildReportDocument`, so what is exported
 * is what is shown. Plain data (no DOM, no Node): the host validates it before it draws a page.
 */
import { z } from 'zod';
import { GRAPH_TYPES } from '../charts/timeSeriesOption';

/** How a number is written: a count (K/M in charts, exact in tables), a share 0–1 as a percentage, a ratio. */
export const VALUE_FORMATS = ['count', 'percent', 'rate', 'text', 'date'] as const;
export type ValueFormat = (typeof VALUE_FORMATS)[number];

export const ReportKpiSchema = z.object({
  label: z.string().max(200),
  /** Null when the window has nothing to measure (sentiment without a transcript): shown "—". */
  current: z.number().nullable(),
  /** The same figure over the comparison window; null without one. */
  previous: z.number().nullable(),
  format: z.enum(VALUE_FORMATS),
  /** Whether a rise is good news (views) or bad (negative sentiment): colours the change. */
  better: z.enum(['higher', 'lower']).default('higher'),
});
export type ReportKpi = z.infer<typeof ReportKpiSchema>;

/** time: buckets of the window (line, bar or area); bars: named categories; donut: parts of a whole. */
export const CHART_KINDS = ['time', 'bars', 'donut'] as const;

export const ReportChartSchema = z.object({
  kind: z.literal('chart'),
  id: z.string().max(100),
  title: z.string().max(300),
  chart: z.enum(CHART_KINDS),
  graph: z.enum(GRAPH_TYPES).default('line'),
  categories: z.array(z.string().max(300)).max(5000),
  series: z.array(z.object({
    name: z.string().max(200),
    values: z.array(z.number().nullable()).max(5000),
    /** Drawn against a second axis (another order of magnitude). */
    secondary: z.boolean().optional(),
  })).min(1).max(12),
  format: z.enum(VALUE_FORMATS),
  /** One sentence on what the chart shows (screen readers, the PDF's alt text). */
  description: z.string().max(1000),
});
export type ReportChart = z.infer<typeof ReportChartSchema>;

export const ReportTableSchema = z.object({
  kind: z.literal('table'),
  id: z.string().max(100),
  title: z.string().max(300),
  columns: z.array(z.object({
    label: z.string().max(200),
    format: z.enum(VALUE_FORMATS),
    /** Long text wraps onto more lines instead of being cut (a quoted passage must be read whole). */
    wrap: z.boolean().optional(),
  })).min(1).max(20),
  /** A word or phrase marked wherever a wrapping column says it (a speech report's highlight); absent: nothing marked. */
  mark: z.string().max(200).optional(),
  rows: z.array(z.array(z.union([z.string().max(5000), z.number(), z.null()])).max(20)).max(10_000),
  /** Per row, where it leads (a reelscope:// deep link to a video at a second), or null. */
  links: z.array(z.string().max(500).nullable()).max(10_000),
});
export type ReportTable = z.infer<typeof ReportTableSchema>;

export const ReportSectionSchema = z.discriminatedUnion('kind', [ReportChartSchema, ReportTableSchema]);
export type ReportSection = z.infer<typeof ReportSectionSchema>;

export const ReportDocumentSchema = z.object({
  title: z.string().max(300),
  /** Whose figures (the brand, or a competitor), over which window, compared with which, with which filters. */
  lines: z.array(z.string().max(1000)).max(20),
  generated_at: z.string(),
  kpis: z.array(ReportKpiSchema).max(20),
  sections: z.array(ReportSectionSchema).max(50),
});
export type ReportDocument = z.infer<typeof ReportDocumentSchema>;
