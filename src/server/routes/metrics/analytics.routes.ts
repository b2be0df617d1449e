import type { FastifyInstance } from 'fastify';
import { MetricsQuerySchema, MetricsResponseSchema } from '../../../shared/http/widgets.schemas';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { found } from '../../http/httpError';
import { bucketsBetween, homeWindows } from '../../repositories/home/homeWindow';
import { EMPTY_TOTALS, type WidgetEvents } from '../../repositories/widgets/widgetEvents';
import type { WidgetRepository } from '../../repositories/widgets/widgetRepository';

/** GET /api/metrics (spec §7): a widget's (or one of its videos') impressions, views, viewers, clicks and engagement over a date range of §9. */
export function registerAnalyticsRoutes(app: FastifyInstance, ctx: ServerContext, repo: WidgetRepository, events: WidgetEvents): void {
  defineRoute(app, {
    auth: 'apiKey', tags: ['metrics'], method: 'GET', url: '/api/metrics',
    summary: 'Widget analytics over a window, with the previous window of the same length, a series per day, week or month, and a line per video',
    query: MetricsQuerySchema, response: { 200: MetricsResponseSchema },
    handler: async ({ auth, query }) => {
      const widget = found(await repo.find(query.widget_id, auth.brandId));
      const videoId = query.video_id ?? null;
      if (videoId !== null && !widget.videos.some((v) => v.video_id === videoId)) found(null);
      const windows = homeWindows(query, ctx.now());
      const [byDate, perVideo, totals, previous] = await Promise.all([
        events.series(widget._id, videoId, windows.current, windows.unit),
        events.perVideo(widget._id, windows.current),
        events.totals(widget._id, videoId, windows.current),
        windows.previous ? events.totals(widget._id, videoId, windows.previous) : null,
      ]);
      const first = windows.current.start ?? [...byDate.keys()][0] ?? windows.current.end;
      return {
        totals,
        previous,
        series: bucketsBetween(first, windows.current.end, windows.unit).map((date) => ({ date, ...(byDate.get(date) ?? EMPTY_TOTALS) })),
        unit: windows.unit,
        per_video: widget.videos.map((v) => ({ video_id: v.video_id, ...(perVideo.get(v.video_id) ?? EMPTY_TOTALS) })),
      };
    },
  });
}
