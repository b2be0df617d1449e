import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReportExportService } from '../../../src/main/services/reportExport/reportExport.service';
import { CHECK_EVERY_MS, createReportSchedules, nextDue } from '../../../src/main/services/reportExport/reportSchedules.service';
import { createManualScheduler } from '../../../src/main/services/scheduler';
import { createFontCache, resolveFontsDir } from '../../../src/main/services/transcriptExport/fonts';
import { HostError } from '../../../src/shared/ipc/handlers';
import type { Report } from '../../../src/shared/http/reports.schemas';
import { injectClient, useSeededBackend } from './seededBackend';

// The back end is the real app on a seeded workspace through Fastify's inject; time is a manual scheduler; the
// notifier records what the person would be shown (the native notice needs Electron, which cannot run here).
const backend = useSeededBackend('reelscope-schedules-');
const DAY = 86_400_000;
const START = Date.parse('2026-11-22T10:00:00.000Z');

function setUp(name: string, options: { backendUp?: () => boolean } = {}) {
  const stateDir = join(backend.dir, name, 'state');
  const folder = join(backend.dir, name, 'picked');
  mkdirSync(folder, { recursive: true });
  const scheduler = createManualScheduler(START);
  const notices: { heading: string; body: string; path: string }[] = [];
  const exports = createReportExportService({
    client: injectClient(backend.w, options.backendUp),
    exportDir: join(backend.dir, name, 'exports'), savePicker: null, now: () => new Date(scheduler.now()), font: createFontCache(resolveFontsDir()),
  });
  const schedules = createReportSchedules({
    stateDir, exports, scheduler,
    folders: { mayWrite: async (dir) => dir === folder },
    notifier: { saved: (heading, body, path) => notices.push({ heading, body, path }) },
  });
  return { stateDir, folder, scheduler, notices, schedules };
}

const identity = () => ({ brand_id: backend.w.brandId, user_id: backend.w.userId });
const aReport = async (title: string) => (await backend.w.send('POST', '/jwt_api/reports', { type: 'sentiment', title })).json() as Report;

describe('scheduled reports', () => {
  it('writes the PDF when due into the picked folder, tells the person, keeps the status and the next time', async () => {
    const report = await aReport('Weekly sentiment');
    const { folder, scheduler, notices, schedules } = setUp('weekly');
    const [schedule] = await schedules.schedule({ report_id: report._id, identity: identity(), title: report.title, cadence: 'weekly', folder });
    expect(schedule!.next_due).toBe(new Date(START + 7 * DAY).toISOString());
    schedules.start();
    await scheduler.advance(6 * DAY);
    expect(readdirSync(folder)).toEqual([]);
    await scheduler.advance(DAY + CHECK_EVERY_MS);
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(execFileSync('pdftotext', [join(folder, files[0]!), '-'], { encoding: 'utf8' })).toContain('Weekly sentiment');
    expect(notices).toEqual([{ heading: 'Scheduled report saved', body: 'Weekly sentiment', path: join(folder, files[0]!) }]);
    const [after] = await schedules.list();
    expect(after!.last_run).toMatchObject({ ok: true, path: join(folder, files[0]!) });
    expect(after!.next_due).toBe(new Date(START + 14 * DAY).toISOString());
  });

  it('announces and lists a report renamed after it was scheduled under its new name', async () => {
    const report = await aReport('Old name');
    const { folder, scheduler, notices, schedules } = setUp('renamed');
    await schedules.schedule({ report_id: report._id, identity: identity(), title: report.title, cadence: 'weekly', folder });
    expect((await backend.w.send('PUT', `/jwt_api/reports/${report._id}`, { title: 'New name' })).statusCode).toBe(200);
    schedules.start();
    await scheduler.advance(7 * DAY + CHECK_EVERY_MS);
    expect(notices.map((notice) => notice.body)).toEqual(['New name']);
    expect((await schedules.list())[0]!.title).toBe('New name');
  });

  it('writes a run missed while the app was closed at the next start, once, and waits for the back end', async () => {
    const report = await aReport('Monthly sentiment');
    let up = false;
    const first = setUp('missed', { backendUp: () => up });
    await first.schedules.schedule({ report_id: report._id, identity: identity(), title: report.title, cadence: 'monthly', folder: first.folder });
    // The app is closed for three months; at the next start the back end is not up yet.
    const later = createManualScheduler(START + 92 * DAY);
    const restarted = createReportSchedules({
      stateDir: first.stateDir, scheduler: later, folders: { mayWrite: async (dir) => dir === first.folder },
      notifier: { saved: (heading, body, path) => first.notices.push({ heading, body, path }) },
      exports: { exportToFolder: (input, dir) => (up ? exportsOf(first).exportToFolder(input, dir) : Promise.reject(new HostError('unavailable', 'not yet'))) },
    });
    restarted.start();
    await restarted.runDue();
    expect(readdirSync(first.folder)).toEqual([]);
    expect((await restarted.list())[0]!.last_run).toBeNull();
    up = true;
    await restarted.runDue();
    expect(readdirSync(first.folder)).toHaveLength(1);
    const [after] = await restarted.list();
    expect(after!.last_run?.ok).toBe(true);
    expect(Date.parse(after!.next_due)).toBeGreaterThan(later.now());
  });

  it('keeps the failure of a run that cannot be written, and refuses folders nobody picked', async () => {
    const { folder, scheduler, schedules } = setUp('failing');
    await schedules.schedule({ report_id: 'no-such-report', identity: identity(), title: 'Gone', cadence: 'weekly', folder });
    await scheduler.advance(8 * DAY);
    await schedules.runDue();
    expect((await schedules.list())[0]!.last_run).toMatchObject({ ok: false, message: 'Not found' });
    await expect(schedules.schedule({ report_id: 'x', identity: identity(), title: 'x', cadence: 'weekly', folder: '/etc' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(await schedules.schedule({ report_id: 'no-such-report', identity: identity(), title: 'Gone', cadence: null })).toEqual([]);
  });

  it('reads a damaged schedules file as no schedules', async () => {
    const { stateDir, schedules } = setUp('damaged');
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(join(stateDir, 'report-schedules.json'), '{ not json');
    expect(await schedules.list()).toEqual([]);
    expect(readFileSync(join(stateDir, 'report-schedules.json'), 'utf8')).toBe('{ not json');
  });

  it('moves a monthly run to the same day of the next month, or its last day', () => {
    expect(nextDue('monthly', new Date('2026-01-31T09:00:00.000Z')).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(nextDue('monthly', new Date('2026-12-15T09:00:00.000Z')).toISOString()).toBe('2027-01-15T09:00:00.000Z');
    expect(nextDue('weekly', new Date('2026-12-29T09:00:00.000Z')).toISOString()).toBe('2027-01-05T09:00:00.000Z');
  });
});

/** The export service of a set-up, for a restarted schedule list that shares its folder. */
function exportsOf(set: ReturnType<typeof setUp>) {
  return createReportExportService({ client: injectClient(backend.w), exportDir: join(set.stateDir, 'exports'), savePicker: null, now: () => new Date(), font: createFontCache(resolveFontsDir()) });
}
