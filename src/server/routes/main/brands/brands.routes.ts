import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BrandSchema } from '../../../../shared/domain/session';
import { ApiKeyHintResponseSchema, ApiKeyResponseSchema, AppKeyResponseSchema } from '../../../../shared/http/widgets.schemas';
import { MESSAGES } from '../../../../shared/messages';
import { assertBrandAccess, assertOwnBrand } from '../../../auth/brandAccess';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError, notFound } from '../../../http/httpError';

/** GET /brands/:id: an own or competitor brand; 404 for any brand the user may not read. */
export function registerBrandRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/brands/:id',
    summary: 'One brand the user owns or tracks as a competitor',
    auth: 'bearer',
    params: z.object({ id: z.string().min(1).max(64) }),
    response: { 200: BrandSchema },
    handler: async ({ params, request }) => {
      const auth = assertBrandAccess(request, params.id);
      const brand = await ctx.repos.brands.findById(params.id);
      if (!brand) throw notFound();
      return { _id: brand.id, name: brand.name, picture: brand.picture, competitor: !auth.brandIds.includes(brand.id) };
    },
  });
}

/**
 * The brand's API key for the metrics and widget API (issues 16, 26): Settings shows its hint; creating or rotating
 * answers the new key once (only its hash is kept). The app's own calls use a short-lived app key instead.
 */
export function registerApiKeyRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const params = z.object({ id: z.string().min(1).max(64) });
  defineRoute(app, {
    method: 'GET', url: '/brands/:id/api_key', access: 'manager', summary: "What identifies the own brand's metrics API key (its first and last characters); the key itself is shown only when issued", auth: 'bearer', params,
    response: { 200: ApiKeyHintResponseSchema },
    handler: async ({ params: { id }, request }) => {
      assertOwnBrand(request, id);
      return (await ctx.widgets.keys.hintOf(id)) ?? { hint: null, created_at: null };
    },
  });
  defineRoute(app, {
    method: 'POST', url: '/brands/:id/api_key/rotate', access: 'manager', summary: "A new metrics API key for the own brand, answered this once; the previous one stops working with this call", auth: 'bearer', params,
    response: { 200: ApiKeyResponseSchema },
    handler: async ({ params: { id }, request }) => {
      assertOwnBrand(request, id);
      return await ctx.widgets.keys.rotate(id);
    },
  });
  defineRoute(app, {
    method: 'POST', url: '/brands/:id/app_key', summary: "A short-lived key (15 min) for the app's own calls to the metrics API and gateway, bound to the signed-in user and session", auth: 'bearer', params,
    response: { 200: AppKeyResponseSchema },
    handler: ({ params: { id }, request }) => {
      const auth = assertOwnBrand(request, id);
      // A token from before sessions were named cannot give a key that signing out would end: sign in again.
      if (!auth.sessionId) throw new HttpError(401, MESSAGES.sessionExpired);
      return ctx.widgets.keys.issueAppKey(id, auth.userId, auth.sessionId);
    },
  });
}
