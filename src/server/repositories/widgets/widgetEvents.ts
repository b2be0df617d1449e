import type { SqlClient, SqlParam } from '../../db/sqlClient';
import type { BucketUnit } from '../../../shared/http/home.schemas';
import type { EventBatch, MetricsTotals } from '../../../shared/http/widgets.schemas';
import { engagementRate } from '../../../shared/rules/widgets';

type Sums = { impressions: number | null; views: number | null; viewers: number; watch_ms: number | null; product_clicks: number | null; cta_clicks: number | null };
type Window = { start: string | null; end: string };

/** The bucket of an event's time (ISO text), the same text on both engines for days and months. */
const BUCKET_SQL: Record<'sqlite' | 'postgres', Record<BucketUnit, string>> = {
  sqlite: {
    day: 'substr(occurred_at, 1, 10)',
    // The Monday on or before the day, as bucketOf counts weeks.
    week: "date(occurred_at, '-6 days', 'weekday 1')",
    month: "substr(occurred_at, 1, 7) || '-01'",
  },
  postgres: {
    day: 'substr(occurred_at, 1, 10)',
    // date_trunc's weeks start on Monday (ISO): the same Monday on or before the day.
    week: "to_char(date_trunc('week', CAST(substr(occurred_at, 1, 10) AS date)), 'YYYY-MM-DD')",
    month: "substr(occurred_at, 1, 7) || '-01'",
  },
};

/** Counts written with CASE (not SQLite's summed booleans), so PostgreSQL reads them as they are. */
const count = (condition: string) => `SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;
const sums = (videoScoped: boolean) => `
    ${count(`type = 'impression' AND video_id ${videoScoped ? 'IS NOT NULL' : 'IS NULL'}`)} AS impressions,
    ${count("type = 'play'")} AS views, COUNT(DISTINCT CASE WHEN type = 'play' THEN viewer END) AS viewers,
    SUM(CASE WHEN type = 'watch' THEN value ELSE 0 END) AS watch_ms,
    ${count("type = 'product_click'")} AS product_clicks, ${count("type = 'cta_click'")} AS cta_clicks`;

function totalsOf(sums: Sums | undefined): MetricsTotals {
  const impressions = sums?.impressions ?? 0;
  const viewers = sums?.viewers ?? 0;
  return {
    impressions, views: sums?.views ?? 0, viewers, watch_seconds: Math.round((sums?.watch_ms ?? 0) / 1000),
    product_clicks: sums?.product_clicks ?? 0, cta_clicks: sums?.cta_clicks ?? 0, engagement_rate: engagementRate(viewers, impressions),
  };
}

/** The rows of a widget (or one of its videos) in a window: the condition and its parameters. */
function scope(widgetId: string, videoId: string | null, window: Window): { where: string; params: SqlParam[] } {
  const where = 'widget_id = ? AND occurred_at >= ? AND occurred_at <= ?';
  const params: SqlParam[] = [widgetId, window.start ?? '0000', window.end];
  return videoId === null ? { where, params } : { where: `${where} AND video_id = ?`, params: [...params, videoId] };
}

/**
 * The events embeds report and their sums (issue 16). A widget's impressions are the times it was seen (events
 * without a video); a video's are the times its card was seen. Viewers are the distinct page views that played.
 */
export function createWidgetEvents(sql: SqlClient) {
  const buckets = BUCKET_SQL[sql.engine];
  return {
    /** The widget's video ids (its own and its playlists'), to refuse events about anything else. */
    async videoIds(widgetId: string): Promise<Set<string>> {
      const rows = await sql.all<{ video_id: string }>(`SELECT video_id FROM widget_videos WHERE widget_id = ?
        UNION SELECT pv.video_id FROM playlist_widgets pw JOIN playlist_videos pv ON pv.playlist_id = pw.playlist_id WHERE pw.widget_id = ?`, [widgetId, widgetId]);
      return new Set(rows.map((row) => row.video_id));
    },
    /** Stores a batch whole (one transaction) and answers how many events it held. */
    record: (batch: EventBatch, now: Date): Promise<number> => sql.transaction(async (tx) => {
      const at = now.toISOString();
      for (const event of batch.events) {
        await tx.run('INSERT INTO widget_events (widget_id, video_id, product_id, type, value, viewer, occurred_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          [batch.widget_id, event.video_id, event.product_id, event.type, event.value, batch.viewer, at]);
      }
      return batch.events.length;
    }),
    async totals(widgetId: string, videoId: string | null, window: Window): Promise<MetricsTotals> {
      const { where, params } = scope(widgetId, videoId, window);
      return totalsOf(await sql.get<Sums>(`SELECT ${sums(videoId !== null)} FROM widget_events WHERE ${where}`, params));
    },
    async series(widgetId: string, videoId: string | null, window: Window, unit: BucketUnit): Promise<Map<string, MetricsTotals>> {
      const { where, params } = scope(widgetId, videoId, window);
      const rows = await sql.all<Sums & { date: string }>(`SELECT ${buckets[unit]} AS date, ${sums(videoId !== null)} FROM widget_events WHERE ${where} GROUP BY 1 ORDER BY 1`, params);
      return new Map(rows.map((row) => [row.date, totalsOf(row)]));
    },
    async perVideo(widgetId: string, window: Window): Promise<Map<string, MetricsTotals>> {
      const { where, params } = scope(widgetId, null, window);
      const rows = await sql.all<Sums & { video_id: string }>(`SELECT video_id, ${sums(true)} FROM widget_events WHERE ${where} AND video_id IS NOT NULL GROUP BY video_id`, params);
      return new Map(rows.map((row) => [row.video_id, totalsOf(row)]));
    },
  };
}
export type WidgetEvents = ReturnType<typeof createWidgetEvents>;
export const EMPTY_TOTALS: MetricsTotals = totalsOf(undefined);
