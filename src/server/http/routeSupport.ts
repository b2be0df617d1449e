import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authContext';
import { OpenApiRegistry } from './openApiRegistry';
import './fastifyTypes';

/** Prepares an app for defineRoute: the bearer authenticator, the OpenAPI registry and the `request.auth` slot. */
export function installRouteSupport(app: FastifyInstance, authenticate: Authenticator): OpenApiRegistry {
  const registry = new OpenApiRegistry();
  app.decorate('authenticate', authenticate);
  app.decorate('openApiRegistry', registry);
  app.decorateRequest('auth', null);
  app.decorateRequest('apiKeyAuth', null);
  app.decorateRequest('brandDecision', undefined);
  return registry;
}
