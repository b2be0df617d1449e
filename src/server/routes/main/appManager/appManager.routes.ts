import type { FastifyInstance } from 'fastify';
import { AppManagerQuerySchema, AppManagerResponseSchema, type AppManagerTab } from '../../../../shared/http/publishing.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { actingBrand } from '../videos/videoAccess';
import { BRAND_MADE_SQL } from '../../../repositories/videos/videoScope';

type Row = { id: string; title: string; thumbnail_url: string | null; platform: string; creator_name: string | null; by_brand: number; published: number; app_published_at: string | null };


const TAB_SQL: Record<AppManagerTab, string> = { brand: BRAND_MADE_SQL, shopper: `NOT ${BRAND_MADE_SQL}`, all: '1' };

/** GET /app_manager/videos (spec §2 App manager): the brand's videos for the shopper app by tab, with their publish state and rights. */
export function registerAppManagerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The brand's own videos that are neither trashed nor flagged: what the shopper app may show.
  const base = `FROM videos v LEFT JOIN creators c ON c.id = v.creator_id
    WHERE v.brand_id = @brand AND v.id NOT IN (SELECT target_id FROM marks WHERE mark IN ('trash', 'flag') AND kind = 'video' AND brand_id = @brand)
      AND (@search = '' OR instr(lower(v.title), lower(@search)) > 0) AND (@published_only = 0 OR v.published = 1)`;
  const page = Object.fromEntries((Object.keys(TAB_SQL) as AppManagerTab[]).map((tab) => [tab, ctx.db.prepare(`SELECT v.id, v.title, v.thumbnail_url, v.platform,
      c.name AS creator_name, ${BRAND_MADE_SQL} AS by_brand, v.published, v.app_published_at ${base} AND ${TAB_SQL[tab]}
    ORDER BY v.published DESC, COALESCE(v.app_published_at, '') DESC, v.created_at DESC, v.id LIMIT @limit OFFSET @offset`)])) as Record<AppManagerTab, ReturnType<typeof ctx.db.prepare>>;
  const counts = ctx.db.prepare(`SELECT COALESCE(SUM(${BRAND_MADE_SQL}), 0) AS brand, COALESCE(SUM(NOT ${BRAND_MADE_SQL}), 0) AS shopper, COUNT(*) AS "all" ${base}`);

  defineRoute(app, {
    auth: 'bearer', tags: ['app manager'], method: 'GET', url: '/app_manager/videos',
    summary: "The brand's videos for the shopper app, by tab (brand, shopper, all), with published state, latest publish job and why one cannot be published",
    query: AppManagerQuerySchema, response: { 200: AppManagerResponseSchema },
    handler: ({ query, request }) => {
      const brandId = actingBrand(request, ctx.videos, query.brand_id).brandId;
      const params = { brand: brandId, search: query.search, published_only: query.show === 'published' ? 1 : 0 };
      const tally = counts.get(params) as { brand: number; shopper: number; all: number };
      const rows = page[query.tab].all({ ...params, limit: query.per_page, offset: (query.page - 1) * query.per_page }) as Row[];
      return {
        videos: rows.map((row) => ({
          _id: row.id, title: row.title, thumbnail_url: row.thumbnail_url, platform: row.platform, creator_name: row.creator_name, by_brand: row.by_brand === 1,
          published: row.published === 1, app_published_at: row.app_published_at, job: ctx.publishing.latestOf(brandId, row.id),
          blocked: row.published === 1 ? null : ctx.publishing.blocked(brandId, row.id),
          licenses: [...(ctx.publishing.rights(brandId, row.id)?.licenses ?? [])],
        })),
        total: tally[query.tab], counts: tally,
      };
    },
  });
}
