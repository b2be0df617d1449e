import type { ReportDefinition, ReportFigures, ReportFilters, ReportMetric } from '../../../../shared/http/reports.schemas';
import { REPORT_KIND_METRICS, REPORT_VIDEO_ROWS } from '../../../../shared/http/reports.schemas';
import { VideoFiltersSchema, type VideoFilters } from '../../../../shared/http/videos.schemas';
import type { ServerContext } from '../../../context';
import type { HomeRepositories } from '../../../repositories/home/index';
import type { ReportRepositories } from '../../../repositories/reports/index';
import { HOME_WIDGET_BUILDERS, homeKpis, LIST_LIMIT } from '../home/homeWidgets';
import { resolveScope, type ResolvedHome } from '../home/homeScope';
import type { Acting } from '../videos/videoAccess';

/** Passages a report lists per video (the speech report screen pages through all of them). */
const PASSAGES_PER_VIDEO = 3;

/** The default report filter object (spec §3) as the videos list's filters, so both count the same videos. */
export function listFiltersOf(filters: ReportFilters): VideoFilters {
  return VideoFiltersSchema.parse({
    platform: filters.platform,
    note: { values: filters.note },
    pov: filters.pov,
    demographic: filters.demographic,
    category: filters.category,
    product: filters.product === '' ? [] : [filters.product],
  });
}

/** A definition's scope: whose figures (competitor_brands), its window, filters and comparison window. */
export function reportScope(ctx: ServerContext, home: HomeRepositories, acting: Acting, definition: ReportDefinition): Promise<ResolvedHome> {
  return resolveScope(ctx, home, acting, {
    shownId: definition.filters.competitor_brands === '' ? acting.brandId : definition.filters.competitor_brands,
    platform: null,
    duration: definition.duration,
    start_date: definition.start_date ?? undefined,
    end_date: definition.end_date ?? undefined,
    filters: listFiltersOf(definition.filters),
    comparison: definition.comparison === 'custom' && definition.compare_start_date && definition.compare_end_date
      ? { kind: 'custom', start_date: definition.compare_start_date, end_date: definition.compare_end_date }
      : { kind: definition.comparison === 'none' ? 'none' : 'previous' },
  });
}

export const metricsOf = (definition: Pick<ReportDefinition, 'type' | 'metrics'>): readonly ReportMetric[] =>
  definition.type === 'custom' ? definition.metrics : REPORT_KIND_METRICS[definition.type];

/** The figures of a report: each metric it shows, computed as the home dashboard computes it. */
export async function reportFigures(ctx: ServerContext, home: HomeRepositories, reports: ReportRepositories, acting: Acting, definition: ReportDefinition): Promise<ReportFigures> {
  const scope = await reportScope(ctx, home, acting, definition);
  // Every metric at once: on a team server most read rows by id, a round trip each, which then overlap. Assigned in
  // the definition's order, so the answer reads the same whatever finished first.
  const parts = await Promise.all(metricsOf(definition).map(async (metric): Promise<Partial<ReportFigures>> => {
    switch (metric) {
      case 'kpis': return { kpis: homeKpis(home, scope) };
      case 'trending': return { trending: await home.figures.trending(scope.current, LIST_LIMIT) };
      case 'creators': return { creators: await home.figures.creators(scope.current, LIST_LIMIT) };
      case 'videos': return { videos: await reports.videos(scope.current, REPORT_VIDEO_ROWS) };
      case 'passages': {
        const speech = await reports.speech(scope.current, { cluster: 'video', cluster_sort_by: 'youtube_published_at', desc: true, highlight: definition.type === 'speech' ? definition.highlight : '', page: 1, duration: definition.duration });
        return {
          passages: {
            total: speech.total_videos,
            items: speech.clusters.flatMap((cluster) => cluster.videos.flatMap((video) => video.passages.slice(0, PASSAGES_PER_VIDEO).map((passage) => ({ ...passage, title: video.title })))),
          },
        };
      }
      case 'engagement': return { engagement: await HOME_WIDGET_BUILDERS.engagement(home, scope) };
      case 'sentiment': return { sentiment: await HOME_WIDGET_BUILDERS.sentiment(home, scope) };
      case 'top_products': return { top_products: await HOME_WIDGET_BUILDERS.top_products(home, scope) };
      case 'demographics': return { demographics: await HOME_WIDGET_BUILDERS.demographics(home, scope) };
      case 'word_cloud': return { word_cloud: await HOME_WIDGET_BUILDERS.word_cloud(home, scope) };
      case 'benchmark': return { benchmark: await HOME_WIDGET_BUILDERS.benchmark(home, scope) };
    }
  }));
  const figures: ReportFigures = { definition, scope: scope.scope };
  for (const part of parts) Object.assign(figures, part);
  return figures;
}
