import { z } from 'zod';
import { METRICS_KEY_HEADER } from '../../shared/http/widgets.schemas';

type JsonSchema = Record<string, unknown>;

/** What defineRoute records about one route for the OpenAPI document. */
export interface RouteDoc {
  method: string;
  /** Full path in Fastify form, e.g. `/jwt_api/brands/:id`. */
  path: string;
  summary: string;
  /** Longer prose (limits, what happens after): the operation's OpenAPI description. */
  description?: string;
  tags: string[];
  auth: 'bearer' | 'none' | 'optional' | 'apiKey';
  /** Who of a brand's team may call it (issue 29): documented as `x-reelscope-role`. */
  access?: 'member' | 'manager';
  body?: z.ZodType;
  /** Also takes the body as multipart/form-data (fields and files). */
  multipart?: boolean;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: Partial<Record<number, z.ZodType>>;
  /** Answers that are not JSON, by status, with their media type (a text body, e.g. a server-sent event stream). */
  responseContent?: Partial<Record<number, string>>;
}

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // OpenAPI 3.1 uses JSON Schema 2020-12, zod's default target; transforms become unconstrained instead of throwing.
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, where: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: property }));
}

/** Collects route descriptions and renders them as an OpenAPI 3.1 document. */
export class OpenApiRegistry {
  private readonly routes: RouteDoc[] = [];

  /** Records one route. */
  add(route: RouteDoc): void {
    this.routes.push(route);
  }

  /** The OpenAPI 3.1 document of every recorded route. */
  document(info: { title: string; version: string }): JsonSchema {
    const paths: Record<string, Record<string, JsonSchema>> = {};
    for (const route of this.routes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const responses: Record<string, JsonSchema> = {};
      for (const [status, schema] of Object.entries(route.response ?? {})) {
        if (schema) responses[status] = { description: `HTTP ${status}`, content: { 'application/json': { schema: toSchema(schema, 'output') } } };
      }
      for (const [status, mediaType] of Object.entries(route.responseContent ?? {})) {
        if (mediaType) responses[status] = { description: `HTTP ${status}`, content: { [mediaType]: { schema: { type: 'string' } } } };
      }
      if (Object.keys(responses).length === 0) responses['200'] = { description: 'OK' };
      const operation: JsonSchema = {
        summary: route.summary,
        ...(route.description ? { description: route.description } : {}),
        tags: route.tags,
        parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
        responses,
      };
      if (route.body) operation.requestBody = { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } };
      if (route.multipart) {
        const content = (operation.requestBody as { content?: JsonSchema } | undefined)?.content ?? {};
        operation.requestBody = { required: true, content: { ...content, 'multipart/form-data': { schema: { type: 'object' } } } };
      }
      if (route.auth === 'bearer') operation.security = [{ bearer: [] }];
      if (route.auth !== 'none') operation['x-reelscope-role'] = route.access ?? 'member';
      // An empty requirement object means "or no authentication" in OpenAPI.
      if (route.auth === 'optional') operation.security = [{ bearer: [] }, {}];
      if (route.auth === 'apiKey') operation.security = [{ apiKey: [] }];
      paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
    }
    return {
      openapi: '3.1.0',
      info,
      paths,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: METRICS_KEY_HEADER },
        },
      },
    };
  }
}
