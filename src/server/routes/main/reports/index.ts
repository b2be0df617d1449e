import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateReportBodySchema, ReportDefinitionSchema, ReportFiguresQuerySchema, ReportFiguresSchema, ReportIdParamsSchema, ReportListQuerySchema,
  ReportListSchema, ReportPreviewQuerySchema, ReportSchema, SpeechReportQuerySchema, SpeechReportSchema, UpdateReportBodySchema,
  type Report, type ReportDefinition,
} from '../../../../shared/http/reports.schemas';
import { IdentityQuerySchema } from '../../../../shared/http/videos.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError, notFound } from '../../../http/httpError';
import type { HomeRepositories } from '../../../repositories/home/index';
import { actingBrand } from '../videos/videoAccess';
import { listFiltersOf, reportFigures } from './reportFigures';
import { resolveScope } from '../home/homeScope';

const definitionOf = (report: Report): ReportDefinition => ReportDefinitionSchema.parse(report);

/** /reports (issue 12): saved reports (list by tab, CRUD, duplicate), their figures, and speech reports. */
export function registerReportRoutes(app: FastifyInstance, ctx: ServerContext, home: HomeRepositories): void {
  const reports = ctx.reports;
  const base = { auth: 'bearer' as const, tags: ['reports'] };
  /** A saved report of the acting brand, else 404 (another brand's report does not exist for this caller). */
  const savedReport = async (id: string, brandId: string): Promise<Report> => (await reports.saved.find(id, brandId)) ?? (() => { throw notFound(); })();
  /** A competitor named by the filters must be one of the acting brand's. */
  const checkCompetitor = (definition: ReportDefinition, competitorIds: readonly string[]) => {
    const named = definition.filters.competitor_brands;
    if (named !== '' && !competitorIds.includes(named)) throw new HttpError(400, 'competitor_brands is not one of your competitors.');
  };

  defineRoute(app, {
    ...base, method: 'GET', url: '/reports', summary: 'Saved reports of the acting brand for a tab (All Reports or a kind), newest change first, with the count of each tab',
    query: ReportListQuerySchema, response: { 200: ReportListSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, home);
      return { reports: await reports.saved.list(acting.brandId, query.tab, query.search), counts: await reports.saved.counts(acting.brandId) };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/reports', summary: 'Saves a report definition (kind, title, filters, window, comparison window, metrics)',
    body: CreateReportBodySchema, response: { 201: ReportSchema },
    handler: async ({ body, request, reply }) => {
      const acting = await actingBrand(request, home);
      const definition = ReportDefinitionSchema.parse(body);
      checkCompetitor(definition, acting.competitorIds);
      reply.code(201);
      return await reports.saved.create(acting.brandId, acting.userId, definition, ctx.now().toISOString());
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/reports/figures', summary: 'The figures of an unsaved definition (the builder\'s preview, the home overview export)',
    query: ReportPreviewQuerySchema, response: { 200: ReportFiguresSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, home);
      checkCompetitor(query.definition, acting.competitorIds);
      return await reportFigures(ctx, home, reports, acting, query.definition);
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/reports/speech_reports', summary: 'Transcript passages of the window\'s videos that say the highlight (or carry a sentiment), clustered by video or creator, a page at a time',
    query: SpeechReportQuerySchema, response: { 200: SpeechReportSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, home);
      const filters = query.filters;
      const named = filters?.competitor_brands ?? '';
      if (named !== '' && !acting.competitorIds.includes(named)) throw new HttpError(400, 'competitor_brands is not one of your competitors.');
      const scope = await resolveScope(ctx, home, acting, {
        shownId: named === '' ? acting.brandId : named, platform: null, duration: query.duration, start_date: query.start_date, end_date: query.end_date,
        ...(filters ? { filters: listFiltersOf(filters) } : {}),
      });
      const found = await reports.speech(scope.current, query);
      return { scope: scope.scope, highlight: query.highlight, page: query.page, ...found };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/reports/:id', summary: 'One saved report of the acting brand',
    params: ReportIdParamsSchema, query: IdentityQuerySchema, response: { 200: ReportSchema },
    handler: async ({ params, request }) => await savedReport(params.id, (await actingBrand(request, home)).brandId),
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/reports/:id/figures', summary: 'The figures of a saved report (its window overridable for a look without saving)',
    params: ReportIdParamsSchema, query: ReportFiguresQuerySchema, response: { 200: ReportFiguresSchema },
    handler: async ({ params, query, request }) => {
      const acting = await actingBrand(request, home);
      const saved = definitionOf(await savedReport(params.id, acting.brandId));
      const window = query.duration ? { duration: query.duration, start_date: query.start_date ?? null, end_date: query.end_date ?? null } : {};
      const parsed = ReportDefinitionSchema.safeParse({ ...saved, ...window });
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'The window is not valid.');
      // A competitor that is no longer one shows the brand's own figures rather than failing the saved report.
      const definition = acting.competitorIds.includes(parsed.data.filters.competitor_brands) ? parsed.data : { ...parsed.data, filters: { ...parsed.data.filters, competitor_brands: '' } };
      return await reportFigures(ctx, home, reports, acting, definition);
    },
  });

  defineRoute(app, {
    ...base, method: 'PUT', url: '/reports/:id', summary: 'Changes a saved report (a rename sends only the title); the result is checked whole',
    params: ReportIdParamsSchema, body: UpdateReportBodySchema, response: { 200: ReportSchema },
    handler: async ({ params, body, request }) => {
      const acting = await actingBrand(request, home);
      const saved = await savedReport(params.id, acting.brandId);
      const { brand_id: _brand, user_id: _user, ...changes } = body;
      const parsed = ReportDefinitionSchema.safeParse({ ...saved, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) });
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'The report is not valid.');
      checkCompetitor(parsed.data, acting.competitorIds);
      return (await reports.saved.update(params.id, acting.brandId, acting.userId, parsed.data, ctx.now().toISOString())) ?? (() => { throw notFound(); })();
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/reports/:id/duplicate', summary: 'Saves a copy of a report under "<title> (copy)"',
    params: ReportIdParamsSchema, body: IdentityQuerySchema,
    response: { 201: ReportSchema },
    handler: async ({ params, request, reply }) => {
      const acting = await actingBrand(request, home);
      const saved = definitionOf(await savedReport(params.id, acting.brandId));
      const title = `${saved.title} (copy)`.slice(0, 120);
      reply.code(201);
      return await reports.saved.create(acting.brandId, acting.userId, { ...saved, title }, ctx.now().toISOString());
    },
  });

  defineRoute(app, {
    ...base, method: 'DELETE', access: 'manager', url: '/reports/:id', summary: 'Deletes a saved report',
    params: ReportIdParamsSchema, query: IdentityQuerySchema, response: { 200: z.object({ deleted: z.literal(true) }) },
    handler: async ({ params, request }) => {
      const acting = await actingBrand(request, home);
      if (!(await reports.saved.remove(params.id, acting.brandId))) throw notFound();
      return { deleted: true as const };
    },
  });
}
