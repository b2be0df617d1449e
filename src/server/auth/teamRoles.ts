import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import { HttpError, notFound } from '../http/httpError';
import type { AuthContext } from './authContext';

/** Who may call a route (issue 29): any signed-in teammate, or only a manager of the brand the call acts for. */
export type RouteAccess = 'member' | 'manager';

function stringField(source: unknown, key: string): string | null {
  if (typeof source !== 'object' || source === null) return null;
  const value = (source as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The brand a call acts for: the `:id` of a `/brands/:id/…` route, else the `brand_id` the client sends, else the
 * brand of the token. A competitor brand's id stands for the own brand of the token (its role is the one that counts).
 */
export function actingBrandId(request: FastifyRequest, url: string, auth: AuthContext): string | null {
  const named = url.startsWith('/brands/:id') ? stringField(request.params, 'id') : (stringField(request.query, 'brand_id') ?? stringField(request.body, 'brand_id'));
  if (named !== null && auth.roles[named] !== undefined) return named;
  return auth.brandId;
}

/**
 * The one role check every route goes through (defineRoute's preHandler): a manager-only route answers a member 403
 * with a sentence that says what to do. A call for no brand of the person's is a 404, as everywhere else.
 */
export function enforceRouteAccess(request: FastifyRequest, url: string, auth: AuthContext, access: RouteAccess): void {
  if (access === 'member') return;
  const brandId = actingBrandId(request, url, auth);
  if (brandId === null) throw notFound();
  if (auth.roles[brandId] !== 'manager') throw new HttpError(403, MESSAGES.teamManagerOnly, 'manager_only');
}
