import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ACTIVITY_PAGE_SIZE, ActivityPageSchema, ActivityQuerySchema } from '../../../../shared/http/activity.schemas';
import { assertOwnBrand } from '../../../auth/brandAccess';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';

const DAY_MS = 86_400_000;
/** The start of the day after `day` (YYYY-MM-DD), so the range includes all of its last day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString();

/** GET /brands/:id/activity: who did what in an own brand (issue 29), newest first; 404 for any other brand. */
export function registerActivityRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/brands/:id/activity',
    summary: "Who did what in the own brand, newest first, by person, kind and days (UTC); a teammate's favorites are not shown",
    auth: 'bearer',
    tags: ['changes'],
    params: z.object({ id: z.string().min(1).max(64) }),
    query: ActivityQuerySchema,
    response: { 200: ActivityPageSchema },
    handler: async ({ params, query, request }) => {
      const auth = assertOwnBrand(request, params.id);
      // One more than a page tells whether another page follows.
      const rows = await ctx.repos.activity.page(params.id, {
        viewerId: auth.userId, person: query.person, kind: query.kind,
        from: query.from && `${query.from}T00:00:00.000Z`, until: query.to && dayAfter(query.to),
        before: query.cursor === undefined ? undefined : Number(query.cursor), limit: ACTIVITY_PAGE_SIZE + 1,
      });
      const entries = rows.slice(0, ACTIVITY_PAGE_SIZE);
      return {
        entries,
        next_cursor: rows.length > ACTIVITY_PAGE_SIZE ? entries.at(-1)!.id : null,
        people: await ctx.repos.activity.people(params.id),
      };
    },
  });
}
