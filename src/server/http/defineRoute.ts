import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../auth/authContext';
import { enforceIdentityParams } from '../auth/brandAccess';
import { decideActingBrand, enforceKeyAccess, enforceRouteAccess, type RouteAccess } from '../auth/teamRoles';
import { actAs } from '../db/actingUser';
import { badRequest } from './httpError';
import type { ApiKeyAuth } from './fastifyTypes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * 'bearer': a valid access jwt is required; 'none': public; 'optional': verified when sent, else auth is null;
 * 'apiKey': the service's API key is required (its plugin decorates authenticateApiKey).
 */
export type AuthMode = 'bearer' | 'none' | 'optional' | 'apiKey';
type MaybeSchema = z.ZodType | undefined;
type ResponseMap = Partial<Record<number, z.ZodType>>;

type Parsed<S extends MaybeSchema> = S extends z.ZodType ? z.output<S> : undefined;
type AuthFor<A extends AuthMode> = A extends 'bearer' ? AuthContext : A extends 'apiKey' ? ApiKeyAuth : A extends 'none' ? null : AuthContext | null;
/** What a handler may return: the input of any declared response schema (the schema then strips unknown fields). */
type ResponseBody<R extends ResponseMap | undefined> = R extends ResponseMap ? { [K in keyof R]: R[K] extends z.ZodType ? z.input<R[K]> : never }[keyof R] : unknown;

/** Everything a handler receives, already parsed and typed. */
export interface RouteInput<B extends MaybeSchema, Q extends MaybeSchema, P extends MaybeSchema, A extends AuthMode> {
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
  auth: AuthFor<A>;
  request: FastifyRequest;
  /** Set a non-200 status with `reply.code(208)` before returning the body. */
  reply: FastifyReply;
}

export interface RouteDefinition<B extends MaybeSchema, Q extends MaybeSchema, P extends MaybeSchema, R extends ResponseMap | undefined, A extends AuthMode> {
  method: HttpMethod;
  /** Path relative to the plugin's prefix, Fastify syntax (`/brands/:id`). */
  url: string;
  summary: string;
  /** Longer prose for the OpenAPI document (limits, what happens after). */
  description?: string;
  auth: A;
  /** 'manager': only a manager of the brand the call acts for (the team, the brand's keys, deleting its data); default any teammate. */
  access?: RouteAccess;
  tags?: string[];
  body?: B;
  query?: Q;
  params?: P;
  /** Response schemas by status code; the returned body is parsed by the one for the reply's status. */
  response?: R;
  /** Answers that are not JSON, by status: their media type for the OpenAPI document (e.g. 200 'text/event-stream'). */
  responseContent?: Partial<Record<number, string>>;
  /** Accept multipart/form-data on this route (refused everywhere else). */
  multipart?: boolean;
  /** Any web page may call it (see FastifyContextConfig.anyOrigin); only for auth 'none'. */
  anyOrigin?: boolean;
  /** Answers under any Host header (see FastifyContextConfig.anyHost); only for auth 'none'. */
  anyHost?: boolean;
  /** Takes a compressed body (see installCompressedBodies); past the body limit once inflated it answers 413 with this message. */
  compressedBody?: { tooLargeMessage: string };
  /** Overrides the 1 MiB body limit for this route. */
  bodyLimit?: number;
  handler: (input: RouteInput<B, Q, P, A>) => Promise<ResponseBody<R>> | ResponseBody<R>;
}

function describeIssues(where: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = [where, ...issue.path.map(String)].join('.');
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

function parsePart(where: string, schema: MaybeSchema, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!result.success) throw badRequest(describeIssues(where, result.error));
  return result.data;
}

/**
 * Registers a route with zod-validated input, typed handler input, response filtering and an OpenAPI entry.
 * Requires the app to be prepared by `installRouteSupport` (authenticator and OpenAPI registry).
 */
export function defineRoute<
  B extends MaybeSchema = undefined,
  Q extends MaybeSchema = undefined,
  P extends MaybeSchema = undefined,
  R extends ResponseMap | undefined = undefined,
  A extends AuthMode = AuthMode,
>(app: FastifyInstance, definition: RouteDefinition<B, Q, P, R, A>): void {
  const { method, url, summary, auth: mode, body, query, params, response } = definition;
  // The handler reads a form after the role check: a brand named only in it would escape that check.
  if (definition.multipart === true && definition.access === 'manager') throw new Error(`${url}: a manager-only route cannot take a multipart form`);
  app.openApiRegistry.add({
    method,
    path: `${app.prefix}${url}`,
    summary,
    ...(definition.description ? { description: definition.description } : {}),
    tags: definition.tags ?? [app.prefix.replace(/^\//, '') || 'root'],
    auth: mode,
    access: definition.access ?? 'member',
    body,
    multipart: definition.multipart === true,
    query,
    params,
    response: response ?? undefined,
    ...(definition.responseContent ? { responseContent: definition.responseContent } : {}),
  });

  app.route({
    method,
    url,
    config: { multipart: definition.multipart ?? false, anyOrigin: mode === 'none' && definition.anyOrigin === true, anyHost: mode === 'none' && definition.anyHost === true, compressedBody: definition.compressedBody },
    ...(definition.bodyLimit === undefined ? {} : { bodyLimit: definition.bodyLimit }),
    preHandler: async (request) => {
      const header = request.headers.authorization;
      if (mode === 'bearer') request.auth = await app.authenticate(header);
      if (mode === 'apiKey') {
        if (!app.authenticateApiKey) throw new Error(`${url}: auth 'apiKey' on a service without authenticateApiKey`);
        request.apiKeyAuth = await app.authenticateApiKey(request);
        enforceKeyAccess(request.apiKeyAuth.role, definition.access ?? 'member');
        actAs(request.apiKeyAuth.userId ?? null);
        return;
      }
      // 'optional': a stale bearer (clients often send the expired jwt along with a refresh) counts as none.
      if (mode === 'optional' && header !== undefined) request.auth = await app.authenticate(header).catch(() => null);
      // What the request writes is the signed-in person's doing (the activity view names them).
      actAs(request.auth?.userId ?? null);
      if (!request.auth) return;
      enforceIdentityParams(request, request.auth);
      const brandId = decideActingBrand(request, url, request.auth);
      if (mode === 'bearer') enforceRouteAccess(request.auth, brandId, definition.access ?? 'member');
    },
    handler: async (request, reply) => {
      const input = {
        body: parsePart('body', body, request.body),
        query: parsePart('query', query, request.query),
        params: parsePart('params', params, request.params),
        auth: mode === 'apiKey' ? request.apiKeyAuth : request.auth,
        request,
        reply,
      } as RouteInput<B, Q, P, A>;
      const result: unknown = await definition.handler(input);
      const schema = response?.[reply.statusCode];
      // Parsing the answer drops fields the schema does not name, so a stray column can never leak.
      return schema ? schema.parse(result) : result;
    },
  });
}
