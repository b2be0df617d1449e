import type { FastifyRequest } from 'fastify';
import type { TeamRole } from '../../shared/http/team.schemas';
import { NO_BRAND_CODE } from '../../shared/http/videos.schemas';
import { MESSAGES } from '../../shared/messages';
import { HttpError, notFound } from '../http/httpError';
import type { AuthContext } from './authContext';
import { assertOwnBrand, brandIdsOf } from './brandAccess';

/** Who may call a route (issue 29): any signed-in teammate, or only a manager of the brand the call acts for. */
export type RouteAccess = 'member' | 'manager';

/** Routes whose `:id` is the brand they act for. */
const BRAND_PATHS = ['/brands/:id', '/manufacturers/:id'];

/**
 * The brand a call names, from every place a client can name it: the `:id` of a brand's path, `brand_id` in the query
 * and `brand_id` in the body. They must agree: were one read for the role check and another by the handler, a member
 * could pass the check with a brand they manage and act on one where they are only a member. null when none is named.
 */
function namedBrandId(request: FastifyRequest, url: string): string | null {
  const named = new Set([...brandIdsOf(request.query, 'query'), ...brandIdsOf(request.body, 'body')]);
  if (BRAND_PATHS.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) {
    const id = (request.params as Record<string, unknown> | undefined)?.id;
    if (typeof id === 'string' && id !== '') named.add(id);
  }
  if (named.size > 1) throw new HttpError(400, MESSAGES.brandMismatch, 'brand_mismatch');
  return named.values().next().value ?? null;
}

/** The brand a call acts for, decided once by the route guard; `named` when the call named it rather than falling back. */
export interface BrandDecision {
  brandId: string | null;
  named: boolean;
}

/**
 * Decides, once per call and before its handler, the brand the call acts for: the one it names, else the brand of the
 * token, else the person's first brand (null for a person with none). The role check and the handler (`actingBrand`,
 * `uploaderOf`) both read this one decision from `request.brandDecision`, so they cannot disagree.
 */
export function decideActingBrand(request: FastifyRequest, url: string, auth: AuthContext): string | null {
  const named = namedBrandId(request, url);
  request.brandDecision = { brandId: named ?? auth.brandId ?? auth.brandIds[0] ?? null, named: named !== null };
  return request.brandDecision.brandId;
}

function decisionOf(request: FastifyRequest): BrandDecision {
  // A handler of a route the guard did not see would otherwise fall back to a brand of its own choosing.
  if (request.brandDecision === undefined) throw new Error(`${request.url}: the acting brand is read before the route guard decided it`);
  return request.brandDecision;
}

/**
 * A multipart form is read by the handler, after the guard: its `brand_id` field names the brand as the query does.
 * It must agree with a brand the call named elsewhere; named only there, it is the one the call acts for. (A
 * manager-only route takes no multipart form, see defineRoute, so no role check was made for the brand it replaces.)
 */
export function nameBrandInForm(request: FastifyRequest, brandId: string | undefined): void {
  const decision = decisionOf(request);
  if (brandId === undefined || brandId === '' || brandId === decision.brandId) return;
  if (decision.named) throw new HttpError(400, MESSAGES.brandMismatch, 'brand_mismatch');
  request.brandDecision = { brandId, named: true };
}

/**
 * The own brand a call acts for, as the route guard decided it: 404 when it is not one of the person's own brands
 * (a competitor's id included), 400 with the spec §8 sentence for a person with no brand at all.
 */
export function actingOwnBrand(request: FastifyRequest): { auth: AuthContext; brandId: string } {
  const auth = request.auth;
  if (!auth) throw notFound();
  const { brandId } = decisionOf(request);
  if (brandId === null) throw new HttpError(400, MESSAGES.connectYoutube, NO_BRAND_CODE);
  return { auth: assertOwnBrand(request, brandId), brandId };
}

/** A manager-only route answers a member 403 with a sentence that says what to do. */
function requireRole(role: TeamRole | null | undefined, access: RouteAccess): void {
  if (access === 'manager' && role !== 'manager') throw new HttpError(403, MESSAGES.teamManagerOnly, 'manager_only');
}

/**
 * The one role check every bearer route goes through (defineRoute's preHandler), for the brand decideActingBrand chose.
 * A manager-only call for no own brand of the person's is a 404, as everywhere else.
 */
export function enforceRouteAccess(auth: AuthContext, brandId: string | null, access: RouteAccess): void {
  if (access === 'member') return;
  if (brandId === null || auth.roles[brandId] === undefined) throw notFound();
  requireRole(auth.roles[brandId], access);
}

/** The same check for a call made with a key (the metrics API, the gateway): the key acts with the role it carries. */
export function enforceKeyAccess(role: TeamRole, access: RouteAccess): void {
  requireRole(role, access);
}
