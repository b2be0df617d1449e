/**
 * From a report's figures to what is read (issue 12): the screen, the PDF and the CSV all take this document, so an
 * export holds exactly what the screen shows.
 */
import { AGE_RANGES, ETHNICITIES, GENDERS } from '../constants';
import type { ReportFigures } from '../http/reports.schemas';
import type { BucketUnit } from '../http/home.schemas';
import { DATE_RANGE_LABELS, platformLabel, valueLabel } from '../labels';
import { videoDeepLink } from '../deepLinks';
import { formatTime } from '../rules/mediaTime';
import type { ReportDocument, ReportKpi, ReportSection } from './reportDocument';

/** Formats the document's dates (the reader's locale; the host passes its own). */
export interface DocumentDates {
  day: (iso: string) => string;
  bucket: (start: string, unit: BucketUnit) => string;
}

const UTC_DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const UTC_MONTH = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', timeZone: 'UTC' });
const UTC_SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export const DEFAULT_DATES: DocumentDates = {
  day: (iso) => UTC_DAY.format(new Date(iso)),
  bucket: (start, unit) => (unit === 'month' ? UTC_MONTH : UTC_SHORT).format(new Date(`${start}T00:00:00.000Z`)),
};


const KINDS: Record<ReportFigures['definition']['type'], string> = {
  custom: 'Custom report', demographic: 'Demographic report', sentiment: 'Sentiment report', engagement: 'Engagement report', speech: 'Speech report',
};

function filterLine(figures: ReportFigures): string {
  const f = figures.definition.filters;
  const parts = [
    f.platform.length ? `platform ${f.platform.map(platformLabel).join(', ')}` : '',
    f.note.length ? `notes ${f.note.map(valueLabel).join(', ')}` : '',
    f.pov.length ? `point of view ${f.pov.join(', ')}` : '',
    f.category.length ? `category ${f.category.join(', ')}` : '',
    f.demographic.age_range.length ? `age ${f.demographic.age_range.join(', ')}` : '',
    f.demographic.gender.length ? `gender ${f.demographic.gender.map(valueLabel).join(', ')}` : '',
    f.demographic.ethnicity.length ? `ethnicity ${f.demographic.ethnicity.map(valueLabel).join(', ')}` : '',
    f.product ? 'one product' : '',
  ].filter(Boolean);
  return parts.length ? `Filters: ${parts.join('; ')}` : 'Filters: none';
}

/** The document of a report's figures: title lines, KPIs, then a section per chart or table, in the metrics' order. */
export function buildReportDocument(figures: ReportFigures, now: Date, dates: DocumentDates = DEFAULT_DATES): ReportDocument {
  const { scope, definition } = figures;
  const span = (window: { start: string | null; end: string }) => `${window.start ? dates.day(window.start) : 'the first video'} – ${dates.day(window.end)}`;
  const lines = [
    `${KINDS[definition.type]} · ${scope.brand.name}${scope.brand.competitor ? ' (competitor)' : ''}`,
    `Window: ${span(scope.window)} (${DATE_RANGE_LABELS[definition.duration].toLowerCase()})`,
    scope.previous ? `Compared with: ${span(scope.previous)}` : 'Compared with: nothing',
    filterLine(figures),
  ];
  return { title: definition.title, lines, generated_at: now.toISOString(), kpis: kpisOf(figures), sections: sectionsOf(figures, dates) };
}

function kpisOf(figures: ReportFigures): ReportKpi[] {
  const k = figures.kpis;
  if (!k) return [];
  return [
    { label: 'Videos', ...k.videos, format: 'count', better: 'higher' },
    { label: 'Views', ...k.views, format: 'count', better: 'higher' },
    { label: 'Likes', ...k.likes, format: 'count', better: 'higher' },
    { label: 'Comments', ...k.comments, format: 'count', better: 'higher' },
    { label: 'Engagement rate', ...k.engagement_rate, format: 'rate', better: 'higher' },
    { label: 'Positive sentiment', ...k.positive, format: 'percent', better: 'higher' },
    { label: 'Negative sentiment', ...k.negative, format: 'percent', better: 'lower' },
  ];
}

function sectionsOf(figures: ReportFigures, dates: DocumentDates): ReportSection[] {
  const out: ReportSection[] = [];
  const graph = figures.definition.graph_type;
  const brand = figures.scope.brand.name;
  const e = figures.engagement;
  if (e) {
    out.push({
      kind: 'chart', id: 'engagement', title: 'Engagement over time', chart: 'time', graph, format: 'count',
      categories: e.buckets.map((bucket) => dates.bucket(bucket.start, e.unit)),
      series: [
        { name: 'Views', values: e.buckets.map((bucket) => bucket.views) },
        { name: 'Likes', values: e.buckets.map((bucket) => bucket.likes), secondary: true },
        { name: 'Comments', values: e.buckets.map((bucket) => bucket.comments), secondary: true },
      ],
      description: `Views, likes and comments of ${brand} per ${e.unit}`,
    });
  }
  const s = figures.sentiment;
  if (s) {
    out.push({
      kind: 'chart', id: 'sentiment-split', title: 'Sentiment split', chart: 'donut', graph, format: 'percent',
      categories: ['Positive', 'Neutral', 'Negative'],
      series: [{ name: 'Share', values: [s.split.positive.current, s.split.neutral.current, s.split.negative.current] }],
      description: `Mean positive, neutral and negative share of ${brand}'s videos`,
    });
    out.push({
      kind: 'chart', id: 'sentiment-trend', title: 'Sentiment over time', chart: 'time', graph, format: 'percent',
      categories: s.trend.map((point) => dates.bucket(point.start, s.unit)),
      series: [{ name: 'Positive', values: s.trend.map((point) => point.positive) }, { name: 'Negative', values: s.trend.map((point) => point.negative) }],
      description: `Mean positive and negative share per ${s.unit}`,
    });
  }
  const p = figures.top_products;
  if (p && p.products.length > 0) {
    out.push({
      kind: 'chart', id: 'top-products', title: 'Top products by mentions', chart: 'bars', graph, format: 'count',
      categories: p.products.map((product) => product.name),
      series: [
        { name: 'This period', values: p.products.map((product) => product.mentions.current) },
        ...(figures.scope.previous ? [{ name: 'Previous period', values: p.products.map((product) => product.mentions.previous) }] : []),
      ],
      description: 'Videos mentioning each product',
    });
    out.push({
      kind: 'table', id: 'top-products-table', title: 'Top products',
      columns: [{ label: 'Product', format: 'text' }, { label: 'Mentions', format: 'count' }, { label: 'Previous', format: 'count' }, { label: 'Positive', format: 'percent' }, { label: 'Negative', format: 'percent' }],
      rows: p.products.map((product) => [product.name, product.mentions.current, product.mentions.previous, product.positive, product.negative]),
      links: p.products.map(() => null),
    });
  }
  const d = figures.demographics;
  if (d) {
    const family = (id: string, title: string, buckets: readonly string[], values: Record<string, { current: number; previous: number | null } | null>) => {
      out.push({
        kind: 'chart', id, title, chart: 'bars', graph, format: 'percent',
        categories: buckets.map(valueLabel),
        series: [
          { name: 'This period', values: buckets.map((bucket) => values[bucket]?.current ?? null) },
          ...(figures.scope.previous ? [{ name: 'Previous period', values: buckets.map((bucket) => values[bucket]?.previous ?? null) }] : []),
        ],
        description: `Mean audience share per ${title.toLowerCase()}`,
      });
    };
    family('age-range', 'Age range', AGE_RANGES, d.age_range);
    family('gender', 'Gender', GENDERS, d.gender);
    family('ethnicity', 'Ethnicity', ETHNICITIES, d.ethnicity);
  }
  const b = figures.benchmark;
  if (b) {
    out.push({
      kind: 'chart', id: 'share-of-voice', title: 'Share of voice', chart: 'bars', graph, format: 'percent',
      categories: b.brands.map((row) => row.name),
      series: [{ name: 'Videos', values: b.brands.map((row) => row.share_of_voice.current) }, { name: 'Views', values: b.brands.map((row) => row.share_of_views.current) }],
      description: 'Each brand\'s share of the videos and views of the brand and its competitors',
    });
    out.push({
      kind: 'table', id: 'benchmark', title: 'Competitor benchmark',
      columns: [{ label: 'Brand', format: 'text' }, { label: 'Videos', format: 'count' }, { label: 'Views', format: 'count' }, { label: 'Share of voice', format: 'percent' },
        { label: 'Positive', format: 'percent' }, { label: 'Negative', format: 'percent' }, { label: 'Engagement rate', format: 'rate' }],
      rows: b.brands.map((row) => [row.name, row.videos.current, row.views.current, row.share_of_voice.current, row.positive.current, row.negative.current, row.engagement_rate.current]),
      links: b.brands.map(() => null),
    });
  }
  const w = figures.word_cloud;
  if (w && w.terms.length > 0) {
    const top = w.terms.slice(0, 20);
    out.push({
      kind: 'chart', id: 'words', title: 'Most said words', chart: 'bars', graph, format: 'count',
      categories: top.map((term) => term.term), series: [{ name: 'Times said', values: top.map((term) => term.count) }],
      description: `The words said most in ${w.videos_read} transcripts of the window`,
    });
  }
  const videoColumns = [{ label: 'Video', format: 'text' as const }, { label: 'Platform', format: 'text' as const }, { label: 'Creator', format: 'text' as const }, { label: 'Views', format: 'count' as const }];
  if (figures.trending) {
    out.push({
      kind: 'table', id: 'trending', title: 'Trending videos', columns: [...videoColumns, { label: 'Added', format: 'date' }],
      rows: figures.trending.map((video) => [video.title, platformLabel(video.platform), video.creator_name, video.views, dates.day(video.created_at)]),
      links: figures.trending.map((video) => videoDeepLink(video._id)),
    });
  }
  if (figures.creators) {
    out.push({
      kind: 'table', id: 'creators', title: 'Top creators', columns: [{ label: 'Creator', format: 'text' }, { label: 'Videos', format: 'count' }, { label: 'Views', format: 'count' }],
      rows: figures.creators.map((creator) => [creator.name, creator.videos, creator.views]), links: figures.creators.map(() => null),
    });
  }
  if (figures.passages) {
    out.push({
      kind: 'table', id: 'passages', title: 'What was said',
      columns: [{ label: 'Video', format: 'text' }, { label: 'At', format: 'text' }, { label: 'Passage', format: 'text', wrap: true }, { label: 'Sentiment', format: 'text' }],
      ...(figures.definition.highlight ? { mark: figures.definition.highlight } : {}),
      rows: figures.passages.items.map((item) => [item.title, formatTime(item.start_time), item.content, item.sentiment ? valueLabel(item.sentiment) : null]),
      links: figures.passages.items.map((item) => videoDeepLink(item.video_id, item.start_time)),
    });
  }
  if (figures.videos) {
    out.push({
      kind: 'table', id: 'videos', title: figures.videos.total > figures.videos.rows.length ? `Videos (the ${figures.videos.rows.length} most viewed of ${figures.videos.total})` : 'Videos',
      columns: [...videoColumns, { label: 'Likes', format: 'count' }, { label: 'Comments', format: 'count' }, { label: 'Positive', format: 'percent' }, { label: 'Negative', format: 'percent' }, { label: 'Added', format: 'date' }],
      rows: figures.videos.rows.map((video) => [video.title, platformLabel(video.platform), video.creator_name, video.views, video.likes, video.comments, video.positive, video.negative, dates.day(video.created_at)]),
      links: figures.videos.rows.map((video) => videoDeepLink(video._id)),
    });
  }
  return out;
}
