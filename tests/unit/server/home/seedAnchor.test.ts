import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/server/app';
import { seedDemoWorkspace } from '../../../../src/server/seed/index';
import type { HomeOverview, RecentTrendingWidget } from '../../../../src/shared/http/home.schemas';
import { DEMO_ACCOUNTS } from '../../../../src/shared/demoAccounts';
import { firstValue, openTestDatabase, type TestDatabase } from '../support/testEngine';
import { signIn } from '../support/testServer';

// Issue 26 item 14: Home's periods ended at the newest video (on 26 Nov "Today" showed 31 Oct) and the demo seed
// was dated from a fixed day. Now periods end at the request's clock and the seed is dated from the day it is
// created (kept in the database), so a fresh install looks live on any date.
const DAY = 86_400_000;
const CREATED = [new Date('2027-03-14T15:20:00Z'), new Date('2031-07-02T00:05:00Z')];
const dir = mkdtempSync(join(tmpdir(), 'reelscope-anchor-'));
let workspaces: TestDatabase[];

// Seeded on SQLite and, on PostgreSQL, moved there as a team server's seed is: the dates and the anchor go along.
beforeAll(async () => {
  workspaces = [];
  for (const createdAt of CREATED) {
    workspaces.push(await openTestDatabase({ seed: (db) => seedDemoWorkspace(db, { mediaDir: join(dir, 'media'), scale: 0.1, creatorScale: 0.1, createdAt }) }));
  }
}, 120_000);
afterAll(async () => {
  for (const ws of workspaces) await ws.close();
  rmSync(dir, { recursive: true, force: true });
});

const newestVideo = async (ws: TestDatabase) => (await firstValue<string>(ws.sql, 'SELECT MAX(created_at) FROM videos')) ?? '';
/** The stored day the workspace was seeded (what readSeedAnchor reads on SQLite), as a time. */
const anchorOf = async (ws: TestDatabase) => Date.parse(`${await firstValue<string>(ws.sql, 'SELECT anchor_day FROM demo_seed WHERE only_row = 1')}T00:00:00.000Z`);

describe('the demo workspace is dated from the day it is created', () => {
  it('its newest videos are from the hours before that day, whatever the day', async () => {
    for (const [at, ws] of workspaces.entries()) {
      const day = Date.UTC(CREATED[at]!.getUTCFullYear(), CREATED[at]!.getUTCMonth(), CREATED[at]!.getUTCDate());
      const newest = Date.parse(await newestVideo(ws));
      expect(newest).toBeLessThanOrEqual(day);
      expect(newest).toBeGreaterThan(day - DAY);
      expect(await anchorOf(ws)).toBe(day);
    }
  });

  it('is the same workspace on any day, moved by whole days', async () => {
    const [a, b] = workspaces as [TestDatabase, TestDatabase];
    const shift = (await anchorOf(b)) - (await anchorOf(a));
    const rows = (ws: TestDatabase) => ws.sql.all<{ id: string; created_at: string }>('SELECT id, created_at FROM videos ORDER BY id');
    const later = await rows(b);
    (await rows(a)).forEach((row, at) => {
      expect(later[at]?.id).toBe(row.id);
      expect(Date.parse(later[at]!.created_at) - Date.parse(row.created_at)).toBe(shift);
    });
  });

  it('Home\'s periods end now: "Today" is the clock\'s day, and a restart moves neither the seed nor the periods off the clock', async () => {
    const ws = workspaces[0]!;
    let now = new Date(CREATED[0]!.getTime() + 2 * 3_600_000);
    const start = async () => {
      const app = await buildApp({ sql: ws.sql, jwtSecret: randomBytes(64), now: () => now });
      const { jwt } = await signIn(app, DEMO_ACCOUNTS.brandManager);
      const home = async <T>(url: string, duration: string): Promise<T> => {
        const response = await app.inject({ method: 'GET', url: `/jwt_api/home${url}?duration=${duration}`, headers: { authorization: `Bearer ${jwt}` } });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as T;
      };
      return { app, home };
    };
    let { app, home } = await start();
    const today = await home<HomeOverview>('', 'today');
    expect(today.window).toEqual({ start: '2027-03-14T00:00:00.000Z', end: now.toISOString() });
    const week = await home<RecentTrendingWidget>('/recent_trending', '1w');
    expect(week.window.end).toBe(now.toISOString());
    // The year's newest video is from the last weeks, not from a fixed day long past.
    const year = await home<RecentTrendingWidget>('/recent_trending', '1y');
    expect(now.getTime() - Date.parse(year.recent[0]!.created_at)).toBeLessThan(30 * DAY);
    await app.close();

    // A restart the next day: the seed is not redone, and the periods follow the clock.
    now = new Date(now.getTime() + DAY);
    ({ app, home } = await start());
    expect(new Date(await anchorOf(ws)).toISOString()).toBe('2027-03-14T00:00:00.000Z');
    expect((await home<HomeOverview>('', 'today')).window.start).toBe('2027-03-15T00:00:00.000Z');
    await app.close();
  });
});
