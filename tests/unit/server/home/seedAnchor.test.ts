import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/server/app';
import { readSeedAnchor, seedDemoWorkspace } from '../../../../src/server/seed/index';
import { openTempWorkspace, type TempWorkspace } from '../../../../src/server/seed/testDb';
import type { HomeOverview, RecentTrendingWidget } from '../../../../src/shared/http/home.schemas';
import { DEMO_ACCOUNTS } from '../../../../src/shared/demoAccounts';
import { signIn } from '../support/testServer';

// Issue 26 item 14: Home's periods ended at the newest video (on 26 Nov "Today" showed 31 Oct) and the demo seed
// was dated from a fixed day. Now periods end at the request's clock and the seed is dated from the day it is
// created (kept in the database), so a fresh install looks live on any date.
const DAY = 86_400_000;
const CREATED = [new Date('2027-03-14T15:20:00Z'), new Date('2031-07-02T00:05:00Z')];
let workspaces: TempWorkspace[];

beforeAll(async () => {
  workspaces = CREATED.map(() => openTempWorkspace('reelscope-anchor-'));
  for (const [at, ws] of workspaces.entries()) await seedDemoWorkspace(ws.db, { mediaDir: ws.mediaDir, scale: 0.1, creatorScale: 0.1, createdAt: CREATED[at] });
}, 120_000);
afterAll(() => workspaces.forEach((ws) => ws.dispose()));

const newestVideo = (ws: TempWorkspace) => ws.db.prepare('SELECT MAX(created_at) FROM videos').pluck().get() as string;

describe('the demo workspace is dated from the day it is created', () => {
  it('its newest videos are from the hours before that day, whatever the day', () => {
    workspaces.forEach((ws, at) => {
      const day = Date.UTC(CREATED[at]!.getUTCFullYear(), CREATED[at]!.getUTCMonth(), CREATED[at]!.getUTCDate());
      const newest = Date.parse(newestVideo(ws));
      expect(newest).toBeLessThanOrEqual(day);
      expect(newest).toBeGreaterThan(day - DAY);
      expect(readSeedAnchor(ws.db)?.getTime()).toBe(day);
    });
  });

  it('is the same workspace on any day, moved by whole days', () => {
    const [a, b] = workspaces as [TempWorkspace, TempWorkspace];
    const shift = readSeedAnchor(b.db)!.getTime() - readSeedAnchor(a.db)!.getTime();
    const rows = (ws: TempWorkspace) => ws.db.prepare('SELECT id, created_at FROM videos ORDER BY id').all() as { id: string; created_at: string }[];
    const later = rows(b);
    rows(a).forEach((row, at) => {
      expect(later[at]?.id).toBe(row.id);
      expect(Date.parse(later[at]!.created_at) - Date.parse(row.created_at)).toBe(shift);
    });
  });

  it('Home\'s periods end now: "Today" is the clock\'s day, and a restart moves neither the seed nor the periods off the clock', async () => {
    const ws = workspaces[0]!;
    let now = new Date(CREATED[0]!.getTime() + 2 * 3_600_000);
    const start = async () => {
      const app = await buildApp({ db: ws.db, jwtSecret: randomBytes(64), now: () => now });
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
    expect(readSeedAnchor(ws.db)?.toISOString()).toBe('2027-03-14T00:00:00.000Z');
    expect((await home<HomeOverview>('', 'today')).window.start).toBe('2027-03-15T00:00:00.000Z');
    await app.close();
  });
});
