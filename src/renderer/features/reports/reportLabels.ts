import type { ReportMetric } from '../../../shared/http/reports.schemas';
import type { ReportType } from '../../../shared/domain/workspace';

export const KIND_LABELS: Record<ReportType, string> = {
  custom: 'Custom', demographic: 'Demographic', sentiment: 'Sentiment', engagement: 'Engagement', speech: 'Speech',
};

export const METRIC_LABELS: Record<ReportMetric, string> = {
  kpis: 'Headline figures', engagement: 'Engagement over time', sentiment: 'Sentiment split and trend', top_products: 'Top products',
  demographics: 'Audience (age, gender, ethnicity)', trending: 'Trending videos', creators: 'Top creators', word_cloud: 'Most said words',
  benchmark: 'Competitor benchmark', videos: 'Video table', passages: 'Transcript passages',
};
