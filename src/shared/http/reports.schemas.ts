/**
 * Reports (spec §2 Reports, §3 default report filter object, §7 /reports and /reports/speech_reports; issue 12).
 * A report is a saved definition — kind, filters, window, comparison window, metrics — whose figures are computed on
 * request from the same columns as the home dashboard, so a report and the dashboard never disagree.
 */
import { z } from 'zod';
import { PersonSchema } from './team.schemas';
import { AGE_RANGES, DATE_RANGES, DEFAULT_REPORT_DURATION, ETHNICITIES, GENDERS, PLATFORMS } from '../constants';
import { REPORT_TYPES } from '../domain/workspace';
import { LINE_SENTIMENTS } from '../domain/video';
import {
  BenchmarkWidgetSchema, DemographicsWidgetSchema, EngagementWidgetSchema, HOME_EARLIEST_DAY, HOME_LATEST_DAY, HomeKpisSchema,
  HomeScopeSchema, RecentTrendingWidgetSchema, SentimentWidgetSchema, TopProductsWidgetSchema, WordCloudWidgetSchema,
} from './home.schemas';
import { IdentitySchema, NOTE_FILTER_VALUES, id, jsonQueryParam, queryBool } from './videoList.schemas';
import { searchText } from './searchText';

export const REPORT_LIST_TABS = ['All Reports', ...REPORT_TYPES] as const;
export type ReportListTab = (typeof REPORT_LIST_TABS)[number];
export const DEFAULT_REPORT_LIST_TAB = 'All Reports';

/** What a report can show; each kind has its fixed set, a custom report chooses. */
export const REPORT_METRICS = ['kpis', 'engagement', 'sentiment', 'top_products', 'demographics', 'trending', 'creators', 'word_cloud', 'benchmark', 'videos', 'passages'] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

export const REPORT_KIND_METRICS = {
  demographic: ['kpis', 'demographics', 'benchmark', 'videos'],
  sentiment: ['kpis', 'sentiment', 'top_products', 'benchmark', 'videos'],
  engagement: ['kpis', 'engagement', 'trending', 'creators', 'benchmark', 'videos'],
  speech: ['kpis', 'word_cloud', 'passages', 'videos'],
  custom: ['kpis', 'engagement', 'sentiment'],
} as const satisfies Record<(typeof REPORT_TYPES)[number], readonly ReportMetric[]>;

/** How the figures are compared: the window of the same length just before, none, or a window of the person's choosing. */
export const REPORT_COMPARISONS = ['previous', 'none', 'custom'] as const;
export type ReportComparison = (typeof REPORT_COMPARISONS)[number];

export const REPORT_GRAPH_TYPES = ['line', 'bar', 'area'] as const;

/** The default report filter object of spec §3; product and competitor_brands are single choices ('' = none). */
export const ReportFiltersSchema = z.object({
  platform: z.array(z.enum(PLATFORMS)).max(PLATFORMS.length).default([]),
  note: z.array(z.enum(NOTE_FILTER_VALUES)).max(2).default([]),
  pov: z.array(z.string().max(100)).max(50).default([]),
  demographic: z.object({
    age_range: z.array(z.enum(AGE_RANGES)).max(AGE_RANGES.length).default([]),
    ethnicity: z.array(z.enum(ETHNICITIES)).max(ETHNICITIES.length).default([]),
    gender: z.array(z.enum(GENDERS)).max(GENDERS.length).default([]),
  }).prefault({}),
  category: z.array(z.string().max(100)).max(50).default([]),
  product: z.union([z.literal(''), id]).default(''),
  competitor_brands: z.union([z.literal(''), id]).default(''),
});
export type ReportFilters = z.output<typeof ReportFiltersSchema>;
export type ReportFiltersInput = z.input<typeof ReportFiltersSchema>;

const day = (name: string) => z.iso.date({ message: `${name} must be a date (YYYY-MM-DD)` });

const windowChecks = (start: string | undefined, end: string | undefined, path: [string, string], issues: z.RefinementCtx) => {
  if (!start || !end) {
    issues.addIssue({ code: 'custom', path: [path[0]], message: `A custom window needs both ${path[0]} and ${path[1]}` });
    return;
  }
  if (start > end) issues.addIssue({ code: 'custom', path: [path[1]], message: `${path[1]} is before ${path[0]}` });
  if (start < HOME_EARLIEST_DAY) issues.addIssue({ code: 'custom', path: [path[0]], message: `${path[0]} is before ${HOME_EARLIEST_DAY}` });
  if (end > HOME_LATEST_DAY) issues.addIssue({ code: 'custom', path: [path[1]], message: `${path[1]} is after ${HOME_LATEST_DAY}` });
};

/** The shortest highlight: words are found through three-character pieces, as in the videos list's transcript search. */
export const SPEECH_HIGHLIGHT_MIN_CHARS = 3;

const definitionShape = {
  type: z.enum(REPORT_TYPES, { message: `type must be one of ${REPORT_TYPES.join(', ')}` }),
  title: z.string().trim().min(1, 'A report needs a title').max(120, 'A title has at most 120 characters'),
  filters: ReportFiltersSchema.prefault({}),
  duration: z.enum(DATE_RANGES, { message: `duration must be one of ${DATE_RANGES.join(', ')}` }).default(DEFAULT_REPORT_DURATION),
  start_date: day('start_date').nullable().default(null),
  end_date: day('end_date').nullable().default(null),
  comparison: z.enum(REPORT_COMPARISONS).default('previous'),
  compare_start_date: day('compare_start_date').nullable().default(null),
  compare_end_date: day('compare_end_date').nullable().default(null),
  /** Only a custom report's own choice counts; the other kinds always show their set. */
  metrics: z.array(z.enum(REPORT_METRICS)).max(REPORT_METRICS.length).default([]),
  graph_type: z.enum(REPORT_GRAPH_TYPES).default('line'),
  /** A speech report's word or phrase (spec §7 `highlight`): its passages are the lines that say it; empty: every line with a clear sentiment. */
  highlight: z.string().trim().max(200).default('').refine((text) => text === '' || [...text].length >= SPEECH_HIGHLIGHT_MIN_CHARS, `A highlight needs at least ${SPEECH_HIGHLIGHT_MIN_CHARS} characters`),
};

function checkDefinition(definition: { duration: string; start_date: string | null; end_date: string | null; comparison: string; compare_start_date: string | null; compare_end_date: string | null; type: string; metrics: readonly string[] }, issues: z.RefinementCtx) {
  if (definition.duration === 'custom') windowChecks(definition.start_date ?? undefined, definition.end_date ?? undefined, ['start_date', 'end_date'], issues);
  if (definition.comparison === 'custom') windowChecks(definition.compare_start_date ?? undefined, definition.compare_end_date ?? undefined, ['compare_start_date', 'compare_end_date'], issues);
  if (definition.type === 'custom' && definition.metrics.length === 0) issues.addIssue({ code: 'custom', path: ['metrics'], message: 'Choose at least one metric for a custom report' });
}

/** A report as the person defines it (POST /reports, and the figures of an unsaved one). */
export const ReportDefinitionSchema = z.object(definitionShape).superRefine(checkDefinition);
export type ReportDefinition = z.output<typeof ReportDefinitionSchema>;
export type ReportDefinitionInput = z.input<typeof ReportDefinitionSchema>;

export const CreateReportBodySchema = IdentitySchema.extend(definitionShape).superRefine(checkDefinition);

/** PUT /reports/:id: any part of the definition (a rename sends only the title); the result is checked whole. */
export const UpdateReportBodySchema = IdentitySchema.extend({
  title: definitionShape.title.optional(),
  filters: ReportFiltersSchema.optional(),
  duration: z.enum(DATE_RANGES).optional(),
  start_date: day('start_date').nullable().optional(),
  end_date: day('end_date').nullable().optional(),
  comparison: z.enum(REPORT_COMPARISONS).optional(),
  compare_start_date: day('compare_start_date').nullable().optional(),
  compare_end_date: day('compare_end_date').nullable().optional(),
  metrics: z.array(z.enum(REPORT_METRICS)).max(REPORT_METRICS.length).optional(),
  graph_type: z.enum(REPORT_GRAPH_TYPES).optional(),
  highlight: definitionShape.highlight.optional(),
});

export const ReportSchema = z.object({
  _id: z.string(),
  brand_id: z.string(),
  user_id: z.string().nullable(),
  ...definitionShape,
  type: z.enum(REPORT_TYPES),
  title: z.string(),
  filters: ReportFiltersSchema,
  created_at: z.string(),
  updated_at: z.string(),
  /** Who made the report and who changed it last (issue 29); null when no one is recorded or the account is gone. */
  owner: PersonSchema.nullable(),
  updated_by: PersonSchema.nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportListQuerySchema = IdentitySchema.extend({
  tab: z.enum(REPORT_LIST_TABS, { message: `tab must be one of ${REPORT_LIST_TABS.join(', ')}` }).default(DEFAULT_REPORT_LIST_TAB),
  search: searchText().default(''),
});

export const ReportListSchema = z.object({
  reports: z.array(ReportSchema),
  /** Saved reports per tab, for the tab badges. */
  counts: z.record(z.enum(REPORT_LIST_TABS), z.number().int()),
});
export type ReportList = z.infer<typeof ReportListSchema>;

export const ReportIdParamsSchema = z.object({ id });

/** GET /reports/figures: an unsaved definition (the builder's preview, the home overview's export). */
export const ReportPreviewQuerySchema = IdentitySchema.extend({ definition: jsonQueryParam(ReportDefinitionSchema) });
/** GET /reports/:id/figures: the saved definition, the window overridable for a look without saving. */
export const ReportFiguresQuerySchema = IdentitySchema.extend({
  duration: z.enum(DATE_RANGES).optional(),
  start_date: day('start_date').optional(),
  end_date: day('end_date').optional(),
});

/** One video of a report's table. */
export const ReportVideoSchema = z.object({
  _id: z.string(), title: z.string(), platform: z.enum(PLATFORMS), creator_name: z.string().nullable(), created_at: z.string(),
  views: z.number(), likes: z.number(), comments: z.number(), positive: z.number().nullable(), negative: z.number().nullable(),
});
export type ReportVideo = z.infer<typeof ReportVideoSchema>;
/** At most this many videos are listed in a report (the total says how many matched). */
export const REPORT_VIDEO_ROWS = 500;

/** One transcript passage (a timed line). */
export const PassageSchema = z.object({
  video_id: z.string(), start_time: z.number(), end_time: z.number(), content: z.string(), sentiment: z.enum(LINE_SENTIMENTS).nullable(),
});
export type Passage = z.infer<typeof PassageSchema>;

/** The figures of a report: the scope and the sections its metrics name (absent: not asked for). */
export const ReportFiguresSchema = z.object({
  definition: z.object(definitionShape).extend({ title: z.string(), filters: ReportFiltersSchema }),
  scope: HomeScopeSchema,
  kpis: HomeKpisSchema.optional(),
  engagement: EngagementWidgetSchema.optional(),
  sentiment: SentimentWidgetSchema.optional(),
  top_products: TopProductsWidgetSchema.optional(),
  demographics: DemographicsWidgetSchema.optional(),
  trending: RecentTrendingWidgetSchema.shape.trending.optional(),
  creators: RecentTrendingWidgetSchema.shape.creators.optional(),
  word_cloud: WordCloudWidgetSchema.optional(),
  benchmark: BenchmarkWidgetSchema.optional(),
  videos: z.object({ total: z.number().int(), rows: z.array(ReportVideoSchema) }).optional(),
  passages: z.object({ total: z.number().int(), items: z.array(PassageSchema.extend({ title: z.string() })) }).optional(),
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Speech reports
// ---------------------------------------------------------------------------------------------------------------

export const SPEECH_CLUSTERS = ['video', 'creator'] as const;
export const SPEECH_SORTS = ['youtube_published_at', 'views', 'positive', 'negative'] as const;
export const SPEECH_PAGE_SIZE = 20;
export const SPEECH_PASSAGES_PER_VIDEO = 20;
/** Videos shown under one creator (cluster=creator). */
export const SPEECH_VIDEOS_PER_CREATOR = 5;

/** GET /reports/speech_reports (spec §7): the passages of the window's videos, grouped by video or creator. */
export const SpeechReportQuerySchema = IdentitySchema.extend({
  filters: jsonQueryParam(ReportFiltersSchema).optional(),
  duration: z.enum(DATE_RANGES, { message: `duration must be one of ${DATE_RANGES.join(', ')}` }).default(DEFAULT_REPORT_DURATION),
  /** The words to find; empty: the passages that carry a sentiment. */
  highlight: searchText().default('').refine((text) => text === '' || [...text].length >= 3, 'highlight needs at least 3 characters'),
  start_date: day('start_date').optional(),
  end_date: day('end_date').optional(),
  cluster: z.enum(SPEECH_CLUSTERS).default('video'),
  cluster_sort_by: z.enum(SPEECH_SORTS).default('youtube_published_at'),
  desc: queryBool.default(true),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
}).superRefine((query, issues) => {
  if (query.duration === 'custom') windowChecks(query.start_date, query.end_date, ['start_date', 'end_date'], issues);
});
export type SpeechReportQuery = z.output<typeof SpeechReportQuerySchema>;
export type SpeechReportQueryInput = z.input<typeof SpeechReportQuerySchema>;

export const SpeechClusterSchema = z.object({
  key: z.string(),
  label: z.string(),
  videos: z.array(z.object({
    _id: z.string(), title: z.string(), platform: z.enum(PLATFORMS), thumbnail_url: z.string().nullable(), creator_name: z.string().nullable(),
    published_at: z.string().nullable(), views: z.number(),
    /** Every passage of the video; the first SPEECH_PASSAGES_PER_VIDEO are listed. */
    passage_count: z.number().int(),
    passages: z.array(PassageSchema),
  })),
});
export type SpeechCluster = z.infer<typeof SpeechClusterSchema>;

export const SpeechReportSchema = z.object({
  scope: HomeScopeSchema,
  highlight: z.string(),
  /** Videos in the window whose transcript has the highlight (without one: every transcribed video). */
  total_videos: z.number().int(),
  /** Clusters over every page (videos, or creators). */
  total_clusters: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  clusters: z.array(SpeechClusterSchema),
});
export type SpeechReport = z.infer<typeof SpeechReportSchema>;
