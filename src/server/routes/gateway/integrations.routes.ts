import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INTEGRATION_PLATFORMS, IntegrationAuthorizeBodySchema, IntegrationStatusSchema, type IntegrationStatus } from '../../../shared/ipc/integrations.schemas';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { BrandQuerySchema, gatewayBrand } from './gatewayBrand';

const ParamsSchema = z.object({ platform: z.enum(INTEGRATION_PLATFORMS, { message: `The platform is one of ${INTEGRATION_PLATFORMS.join(', ')}.` }) });

/** The gateway's record of integrations (spec §7 …/oAuth/authorize and …/oAuth/status), and forgetting one. */
export function registerIntegrationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const integrations = ctx.repos.integrations;
  const base = { auth: 'apiKey' as const, tags: ['gateway'], params: ParamsSchema, query: BrandQuerySchema, response: { 200: IntegrationStatusSchema } };
  const status = async (brandId: string, platform: IntegrationStatus['platform']): Promise<IntegrationStatus> => {
    const row = await integrations.find(brandId, platform);
    return row
      ? { platform, status: 'connected', account: row.account, app_key: row.app_key, connected_at: row.connected_at }
      : { platform, status: 'not_connected', account: null, app_key: null, connected_at: null };
  };

  defineRoute(app, {
    ...base, method: 'POST', url: '/internal/integrations/:platform/oAuth/authorize', body: IntegrationAuthorizeBodySchema,
    summary: 'Records a brand\'s connection to a platform: app_key (the client id), auth_code (the account that authorized); an app_secret is never stored',
    handler: async ({ auth, params, query, body }) => {
      const brandId = gatewayBrand(auth, query);
      await integrations.save(brandId, params.platform, body.app_key, body.auth_code, ctx.now().toISOString());
      return status(brandId, params.platform);
    },
  });
  defineRoute(app, {
    ...base, method: 'GET', url: '/internal/integrations/:platform/oAuth/status', summary: 'Whether the brand is connected to the platform, with which account since when',
    handler: ({ auth, params, query }) => status(gatewayBrand(auth, query), params.platform),
  });
  defineRoute(app, {
    ...base, method: 'DELETE', access: 'manager', url: '/internal/integrations/:platform/oAuth', summary: 'Forgets the brand\'s connection to the platform (the app revokes its tokens)',
    handler: async ({ auth, params, query }) => {
      const brandId = gatewayBrand(auth, query);
      await integrations.remove(brandId, params.platform);
      return status(brandId, params.platform);
    },
  });
}
