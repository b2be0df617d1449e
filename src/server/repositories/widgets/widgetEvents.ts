import type Database from 'better-sqlite3';
import type { BucketUnit } from '../../../shared/http/home.schemas';
import type { EventBatch, MetricsTotals } from '../../../shared/http/widgets.schemas';
import { engagementRate } from '../../../shared/rules/widgets';

type Sums = { impressions: number | null; views: number | null; viewers: number; watch_ms: number | null; product_clicks: number | null; cta_clicks: number | null };
type Window = { start: string | null; end: string };

const BUCKET_SQL: Record<BucketUnit, string> = {
  day: 'substr(occurred_at, 1, 10)',
  // The Monday on or before the day, as bucketOf counts weeks.
  week: "date(occurred_at, '-6 days', 'weekday 1')",
  month: "substr(occurred_at, 1, 7) || '-01'",
};

function totalsOf(sums: Sums | undefined): MetricsTotals {
  const impressions = sums?.impressions ?? 0;
  const viewers = sums?.viewers ?? 0;
  return {
    impressions, views: sums?.views ?? 0, viewers, watch_seconds: Math.round((sums?.watch_ms ?? 0) / 1000),
    product_clicks: sums?.product_clicks ?? 0, cta_clicks: sums?.cta_clicks ?? 0, engagement_rate: engagementRate(viewers, impressions),
  };
}

/**
 * The events embeds report and their sums (issue 16). A widget's impressions are the times it was seen (events
 * without a video); a video's are the times its card was seen. Viewers are the distinct page views that played.
 */
export function createWidgetEvents(db: Database.Database) {
  const insert = db.prepare('INSERT INTO widget_events (widget_id, video_id, product_id, type, value, viewer, occurred_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const videosOf = db.prepare(`SELECT video_id FROM widget_videos WHERE widget_id = ?
    UNION SELECT pv.video_id FROM playlist_widgets pw JOIN playlist_videos pv ON pv.playlist_id = pw.playlist_id WHERE pw.widget_id = ?`).pluck();
  const sums = (videoScoped: boolean) => `
    SUM(type = 'impression' AND video_id ${videoScoped ? 'IS NOT NULL' : 'IS NULL'}) AS impressions,
    SUM(type = 'play') AS views, COUNT(DISTINCT CASE WHEN type = 'play' THEN viewer END) AS viewers,
    SUM(CASE WHEN type = 'watch' THEN value ELSE 0 END) AS watch_ms,
    SUM(type = 'product_click') AS product_clicks, SUM(type = 'cta_click') AS cta_clicks`;
  const where = 'widget_id = @widget AND occurred_at >= @start AND occurred_at <= @end AND (@video IS NULL OR video_id = @video)';
  const total = { widget: db.prepare(`SELECT ${sums(false)} FROM widget_events WHERE ${where}`), video: db.prepare(`SELECT ${sums(true)} FROM widget_events WHERE ${where}`) };
  const series = Object.fromEntries((['day', 'week', 'month'] as const).map((unit) => [unit, {
    widget: db.prepare(`SELECT ${BUCKET_SQL[unit]} AS date, ${sums(false)} FROM widget_events WHERE ${where} GROUP BY 1 ORDER BY 1`),
    video: db.prepare(`SELECT ${BUCKET_SQL[unit]} AS date, ${sums(true)} FROM widget_events WHERE ${where} GROUP BY 1 ORDER BY 1`),
  }])) as Record<BucketUnit, { widget: Database.Statement; video: Database.Statement }>;
  const perVideo = db.prepare(`SELECT video_id, ${sums(true)} FROM widget_events WHERE ${where} AND video_id IS NOT NULL GROUP BY video_id`);

  const params = (widgetId: string, videoId: string | null, window: Window) => ({ widget: widgetId, video: videoId, start: window.start ?? '0000', end: window.end });

  return {
    /** The widget's video ids (its own and its playlists'), to refuse events about anything else. */
    videoIds: (widgetId: string): Set<string> => new Set(videosOf.all(widgetId, widgetId) as string[]),
    record: db.transaction((batch: EventBatch, now: Date): number => {
      const at = now.toISOString();
      for (const event of batch.events) insert.run(batch.widget_id, event.video_id, event.product_id, event.type, event.value, batch.viewer, at);
      return batch.events.length;
    }),
    totals: (widgetId: string, videoId: string | null, window: Window): MetricsTotals =>
      totalsOf((videoId ? total.video : total.widget).get(params(widgetId, videoId, window)) as Sums),
    series(widgetId: string, videoId: string | null, window: Window, unit: BucketUnit): Map<string, MetricsTotals> {
      const rows = (videoId ? series[unit].video : series[unit].widget).all(params(widgetId, videoId, window)) as (Sums & { date: string })[];
      return new Map(rows.map((row) => [row.date, totalsOf(row)]));
    },
    perVideo(widgetId: string, window: Window): Map<string, MetricsTotals> {
      const rows = perVideo.all(params(widgetId, null, window)) as (Sums & { video_id: string })[];
      return new Map(rows.map((row) => [row.video_id, totalsOf(row)]));
    },
  };
}
export type WidgetEvents = ReturnType<typeof createWidgetEvents>;
export const EMPTY_TOTALS: MetricsTotals = totalsOf(undefined);
