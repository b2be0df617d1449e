import { randomBytes, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../../src/server/app';
import type { LiveMail } from '../../../../src/shared/http/outbox.schemas';
import { hashPassword } from '../../../../src/server/auth/passwords';
import type { SqlClient } from '../../../../src/server/db/sqlClient';
import { createSqliteClient } from '../../../../src/server/db/sqliteClient';
import { createRepositories } from '../../../../src/server/repositories/index';
import { ROLE_BRAND_MANAGER } from '../../../../src/shared/constants';
import { openTestDatabase, sqliteOnly } from './testEngine';
import { createTestClock } from './testClock';
import type { TestClock } from './testClock';

export const WEB_ORIGIN = 'http://127.0.0.1:5180';

export interface TestApp {
  app: FastifyInstance;
  /** The database on the test engine (testEngine.ts): tests read and write it through this. */
  sql: SqlClient;
  /** The SQLite handle; throws on PostgreSQL (for the few tests about the embedded engine itself). */
  readonly db: Database.Database;
  clock: TestClock;
  secret: Uint8Array;
  /** Account mail kept unsent, as the back end hands it live to its host (newest last). */
  liveMail: LiveMail[];
  close(): Promise<void>;
}

/** A fresh database on the test engine (an SQLite file in a temp folder, or PostgreSQL) and the app on it (not listening: use app.inject). */
export async function startTestApp(): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = createTestClock();
  const secret = randomBytes(64);
  const liveMail: LiveMail[] = [];
  const app = await buildApp({ sql: database.sql, jwtSecret: secret, now: clock.now, allowedOrigins: [WEB_ORIGIN], onLiveMail: (mail) => liveMail.push(mail) });
  return {
    app,
    sql: database.sql,
    get db() {
      return sqliteOnly(database);
    },
    clock,
    secret,
    liveMail,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface TestUserSpec {
  /** Default a random one; two instances' databases hold the same user under the same id (sharedSecrets.test). */
  id?: string;
  email: string;
  password?: string;
  firstName?: string;
  roles?: string[];
  registrationCompleted?: boolean;
  /** Own brands, each with its competitors' names; an `id` holds the same brand in two instances' databases. */
  brands?: { id?: string; name: string; competitors?: string[] }[];
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  brandIds: string[];
  competitorIds: string[];
}

/** Inserts a user (and brands) straight into the database (either engine's client, or an SQLite handle), independent of the demo seed. */
export async function createTestUser(database: Database.Database | SqlClient, spec: TestUserSpec): Promise<TestUser> {
  const repos = createRepositories('engine' in database ? database : createSqliteClient(database));
  const password = spec.password ?? 'correct-horse-1';
  const id = spec.id ?? randomUUID();
  await repos.users.create({
    id,
    email: spec.email,
    passwordHash: await hashPassword(password),
    firstName: spec.firstName ?? 'Test',
    lastName: 'User',
    roles: spec.roles ?? [ROLE_BRAND_MANAGER],
    registrationCompleted: spec.registrationCompleted ?? true,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  const brandIds: string[] = [];
  const competitorIds: string[] = [];
  for (const [index, brand] of (spec.brands ?? []).entries()) {
    const brandId = brand.id ?? randomUUID();
    // Distinct creation times keep "first own brand" deterministic.
    await repos.brands.createOwned(id, { id: brandId, name: brand.name, createdAt: `2026-01-0${index + 1}T00:00:00.000Z` });
    brandIds.push(brandId);
    for (const name of brand.competitors ?? []) {
      const competitorId = randomUUID();
      await repos.brands.createCompetitor(brandId, { id: competitorId, name, createdAt: '2026-01-01T00:00:00.000Z' });
      competitorIds.push(competitorId);
    }
  }
  return { id, email: spec.email, password, brandIds, competitorIds };
}

/** JSON POST/PUT through inject. */
export function send(app: FastifyInstance, method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, body?: unknown, jwt?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: jwt ? { authorization: `Bearer ${jwt}` } : {},
  });
}

/** Signs in through the real route and returns the 200 body. */
export async function signIn(app: FastifyInstance, user: { email: string; password: string }): Promise<{ jwt: string; refresh_token: string; [key: string]: unknown }> {
  const response = await send(app, 'POST', '/jwt_api/login', { email: user.email, password: user.password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The SQLite handle of a back end started on the embedded engine (these tests run it there). */
export function sqliteOf(server: { db: Database.Database | null }): Database.Database {
  if (!server.db) throw new Error('This test needs the back end on its embedded SQLite engine.');
  return server.db;
}
