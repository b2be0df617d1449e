import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../../src/server/app';
import type { LiveMail } from '../../../../src/shared/http/outbox.schemas';
import { hashPassword } from '../../../../src/server/auth/passwords';
import { openDatabase } from '../../../../src/server/db/database';
import { createSqliteClient } from '../../../../src/server/db/sqliteClient';
import { createRepositories } from '../../../../src/server/repositories/index';
import { ROLE_BRAND_MANAGER } from '../../../../src/shared/constants';
import { createTestClock } from './testClock';
import type { TestClock } from './testClock';

export const WEB_ORIGIN = 'http://127.0.0.1:5180';

export interface TestApp {
  app: FastifyInstance;
  db: Database.Database;
  clock: TestClock;
  secret: Uint8Array;
  /** Account mail kept unsent, as the back end hands it live to its host (newest last). */
  liveMail: LiveMail[];
  close(): Promise<void>;
}

/** A real SQLite file in a fresh temp folder and the app on it (not listening: use app.inject). */
export async function startTestApp(): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-server-'));
  const db = openDatabase(join(dir, 'reelscope.sqlite'));
  const clock = createTestClock();
  const secret = randomBytes(64);
  const liveMail: LiveMail[] = [];
  const app = await buildApp({ db, jwtSecret: secret, now: clock.now, allowedOrigins: [WEB_ORIGIN], onLiveMail: (mail) => liveMail.push(mail) });
  return {
    app,
    db,
    clock,
    secret,
    liveMail,
    async close() {
      await app.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
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
  /** Own brands, each with its competitors' names. */
  brands?: { name: string; competitors?: string[] }[];
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  brandIds: string[];
  competitorIds: string[];
}

/** Inserts a user (and brands) straight into the database, independent of the demo seed. */
export async function createTestUser(db: Database.Database, spec: TestUserSpec): Promise<TestUser> {
  const repos = createRepositories(createSqliteClient(db));
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
    const brandId = randomUUID();
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
