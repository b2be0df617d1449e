import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { HOME_WIDGETS, HOME_WIDGET_SCHEMAS, HomeOverviewSchema, HomeQuerySchema } from '../../../../shared/http/home.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import type { HomeRepositories } from '../../../repositories/home/index';
import { resolveHome } from './homeScope';
import { HOME_WIDGET_BUILDERS, homeKpis } from './homeWidgets';

/** GET /home and GET /home/{url}, one per widget (issue 12; /users/video_upload_details is onboarding's). */
export function registerHomeRoutes(app: FastifyInstance, ctx: ServerContext, repos: HomeRepositories): void {
  const base = { method: 'GET' as const, auth: 'bearer' as const, tags: ['home'], query: HomeQuerySchema };

  defineRoute(app, {
    ...base, url: '/home', summary: 'The home tabs (the brand and its competitors) and the shown brand\'s KPIs with the previous window\'s',
    response: { 200: HomeOverviewSchema },
    handler: async ({ query, request }) => {
      const home = await resolveHome(request, ctx, repos, query);
      const brandIds = [home.acting.brandId, ...home.acting.competitorIds];
      return {
        ...home.scope,
        brands: brandIds.map((id) => ({ id, name: home.names.get(id) ?? '', competitor: id !== home.acting.brandId })),
        kpis: homeKpis(repos, home),
      };
    },
  });

  for (const widget of HOME_WIDGETS) {
    defineRoute(app, {
      ...base, url: `/home/${widget}`, summary: `Home widget: ${widget.replace('_', ' ')}, with the previous window's figures`,
      response: { 200: HOME_WIDGET_SCHEMAS[widget] as z.ZodType },
      handler: async ({ query, request }) => await HOME_WIDGET_BUILDERS[widget](repos, await resolveHome(request, ctx, repos, query)),
    });
  }
}
