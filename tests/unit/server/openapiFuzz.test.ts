import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openVideoWorkspace, type VideoWorkspace } from './videos/support/videoWorkspace';
import { brandApiKey } from './widgets/support/brandApiKey';
import { firstValues } from './support/testEngine';

/**
 * Every operation /openapi.json documents, called with requests made from its own schemas: mostly well-formed values
 * with real ids of the workspace (so requests get past validation into the handlers), mixed with hostile ones (wrong
 * types, 20k-character strings, NUL, other scripts, impossible dates, huge numbers, deep nesting). Whatever arrives,
 * the answer is never a server error. The 5xx the contract documents: Google sign-in's 501 on the embedded back end,
 * and 502 from the shop inventory when the store named cannot be reached (no store can be from these machines). A
 * fixed seed: a failure names the request, and the same run repeats it.
 */
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  pattern?: string;
}
interface Operation {
  parameters?: { name: string; in: string; schema?: Schema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const ROUNDS = 20;
const DOCUMENTED_5XX = new Set(['POST /jwt_api/login/sign_up_with_google 501', 'GET /metrics/products/inventory 502']);
// Operations that end the fuzzer's own session would turn the rest of the run into 401s.
const SESSION_ENDING = /sign_out|logout|delete_account|password/i;
// A live stream answers for as long as the client listens, which inject never stops doing (tests/unit/server/live covers it).
const NEVER_ENDING = /\/changes\/stream$/;
const HOSTILE: unknown[] = [
  '', ' ', 'a'.repeat(20_000), '\u0000', '💥🔥', 'مرحبا بالعالم', '日本語の文', '../../etc/passwd', '<script>alert(1)</script>', "' OR 1=1 --",
  '%', '_', '\\', 'NaN', '-1', '1e309', '9'.repeat(40), 'null', '{}', -1, 0, 1e308, -1e308, 2 ** 53 + 1, 3.5, true, null, [], {},
  [[[[]]]], { a: { b: { c: {} } } }, ['x', 1, null], '2026-02-30', '0000-00-00', '9999-12-31T23:59:59Z', '2026-13-01',
];

let state = 20261125;
const random = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T,>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

/** A string its schema allows (the formats and patterns the contract uses), or a free one. */
function stringFor(schema: Schema, ids: readonly string[]): string {
  const at = new Date(Date.UTC(2024, 0, 1) + random() * 3 * 365 * 86_400_000);
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join('');
  if (schema.format === 'date-time') return at.toISOString();
  if (schema.format === 'date' || schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return at.toISOString().slice(0, 10);
  switch (schema.pattern) {
    case '^#[0-9a-fA-F]{6}$': return `#${Math.floor(random() * 0xffffff).toString(16).padStart(6, '0')}`;
    case '^([01]\\d|2[0-3]):[0-5]\\d$': return at.toISOString().slice(11, 16);
    case '^\\d{2,5}x\\d{2,5}$': return pick(['1080x1920', '1920x1080', '99999x10']);
    case '^[A-Z]{3}$': return pick(['USD', 'EUR', 'GBP', 'JPY']);
    case '^\\d{17}$': return digits(17);
    case '^\\d{1,17}$': return digits(1 + Math.floor(random() * 17));
    case '^\\d{1,4}$': return digits(1 + Math.floor(random() * 4));
    default: return pick([pick(ids), pick(ids), 'x'.repeat(Math.floor(random() * 40)), 'Lumina', 'skin', String(random())]);
  }
}

/** A value for a schema: usually one it allows, sometimes a hostile one. */
function valueFor(schema: Schema | undefined, ids: readonly string[], depth = 0): unknown {
  if (!schema || depth > 5 || random() < 0.08) return pick(HOSTILE);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return valueFor(pick(choices), ids, depth + 1);
  if (schema.enum?.length) return pick(schema.enum);
  switch (Array.isArray(schema.type) ? pick(schema.type) : schema.type) {
    case 'string':
      return stringFor(schema, ids);
    case 'integer':
      return pick([0, 1, 5, 20, 100, -3, 1e9]);
    case 'number':
      return pick([0, 0.5, 1, -1, 1e12, random() * 100]);
    case 'boolean':
      return random() < 0.5;
    case 'array':
      return Array.from({ length: Math.floor(random() * 4) }, () => valueFor(schema.items, ids, depth + 1));
    default: {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if ((schema.required ?? []).includes(key) || random() < 0.6) out[key] = valueFor(property, ids, depth + 1);
      }
      return out;
    }
  }
}

let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace(0.2);
}, 120_000);
afterAll(async () => w.close());

describe('schema-made and hostile requests on every documented operation', () => {
  it('never meet a server error', async () => {
    const all = (sql: string, ...args: string[]) => firstValues<string>(w.sql, sql, args);
    // The brand's API key for the widget and gateway operations.
    const apiKey = await brandApiKey(w, w.brandId);
    const byKind: Record<string, string[]> = {
      video: await all('SELECT id FROM videos WHERE brand_id = ? LIMIT 5', w.brandId),
      product: await all('SELECT id FROM products WHERE brand_id = ? LIMIT 5', w.brandId),
      influencer: await all('SELECT id FROM creators LIMIT 5'),
      creator: await all('SELECT id FROM creators LIMIT 5'),
      widget: await all('SELECT id FROM widgets LIMIT 5'),
      campaign: await all('SELECT id FROM campaigns LIMIT 5'),
      report: await all('SELECT id FROM reports LIMIT 5'),
    };
    const ids = [w.brandId, w.userId, ...w.competitorIds, w.otherBrandId, ...Object.values(byKind).flat()];
    const doc = (await w.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const failures = new Map<string, string>();
    let answered = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [path, methods] of Object.entries(doc.paths)) {
        if (SESSION_ENDING.test(path) || NEVER_ENDING.test(path)) continue;
        const kind = Object.keys(byKind).find((name) => path.includes(name));
        for (const [method, operation] of Object.entries(methods)) {
          const url = path.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(random() < 0.85 ? pick(kind ? (byKind[kind] ?? ids) : ids) : pick(HOSTILE))));
          const query = new URLSearchParams();
          for (const parameter of operation.parameters ?? []) {
            if (parameter.in !== 'query' || (!parameter.required && random() < 0.5)) continue;
            const value = parameter.name === 'brand_id' && random() < 0.85 ? w.brandId : parameter.name === 'user_id' && random() < 0.85 ? w.userId : valueFor(parameter.schema, ids);
            query.append(parameter.name, typeof value === 'object' ? JSON.stringify(value) : String(value));
          }
          const schema = operation.requestBody?.content?.['application/json']?.schema;
          let body = method === 'get' || method === 'delete' ? undefined : schema ? valueFor(schema, ids) : {};
          if (body && typeof body === 'object' && !Array.isArray(body) && random() < 0.85) body = { ...body, brand_id: w.brandId, user_id: w.userId };
          const target = `${url}${query.size > 0 ? `?${query}` : ''}`;
          const response = await w.app.inject({
            method: method.toUpperCase() as 'GET',
            url: target,
            headers: { authorization: `Bearer ${w.jwt}`, 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          answered += 1;
          const operationName = `${method.toUpperCase()} ${path}`;
          if (response.statusCode >= 500 && !DOCUMENTED_5XX.has(`${operationName} ${response.statusCode}`) && !failures.has(operationName)) {
            failures.set(operationName, `${response.statusCode} for ${target.slice(0, 300)} ${JSON.stringify(body)?.slice(0, 300)}: ${response.body.slice(0, 300)}`);
          }
        }
      }
    }
    expect(answered).toBeGreaterThan(ROUNDS * 100);
    expect(Object.fromEntries(failures)).toEqual({});
  }, 300_000);
});
