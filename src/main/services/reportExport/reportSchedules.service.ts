/**
 * Scheduled reports (issue 12, desktop): a saved report written as PDF into a folder the person picked, weekly or
 * monthly. Schedules live in `<stateDir>/report-schedules.json` (written atomically). A run is due when its time has
 * passed: checked at start (so a run missed while the app was closed happens at the next start), when the back end
 * comes up, and every quarter of an hour. Missed runs collapse into one. The last run's outcome is kept and the person
 * is told with a notice that shows the file in its folder.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ReportScheduleSchema, type ReportSchedule, type ReportScheduleInput } from '../../../shared/ipc/exports.schemas';
import { HostError } from '../../../shared/ipc/handlers';
import type { DownloadNotifier } from '../desktopPorts';
import type { HostFolders } from '../hostFolders';
import { periodicTask, type Scheduler } from '../scheduler';
import type { ReportExportService } from './reportExport.service';

export const CHECK_EVERY_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

export const SCHEDULE_MESSAGES = {
  folderNeeded: 'Choose the folder the report is written to.',
  folderNotPicked: 'Reelscope only writes scheduled reports into a folder you chose with "Choose folder". Choose the folder again.',
  saved: 'Scheduled report saved',
} as const;

export interface ReportScheduleDeps {
  stateDir: string;
  folders: Pick<HostFolders, 'mayWrite'>;
  exports: Pick<ReportExportService, 'exportToFolder'>;
  notifier: Pick<DownloadNotifier, 'saved'>;
  scheduler: Scheduler;
  log?: (message: string) => void;
}

/** The next due time after `from`: a week, or the same day of the next month (the month's last day when shorter). */
export function nextDue(cadence: ReportSchedule['cadence'], from: Date): Date {
  if (cadence === 'weekly') return new Date(from.getTime() + 7 * DAY_MS);
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

export function createReportSchedules(deps: ReportScheduleDeps) {
  const file = join(deps.stateDir, 'report-schedules.json');

  async function read(): Promise<ReportSchedule[]> {
    try {
      const parsed = z.array(ReportScheduleSchema).safeParse(JSON.parse(await readFile(file, 'utf8')));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  }
  async function save(list: ReportSchedule[]): Promise<void> {
    await mkdir(deps.stateDir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(list, null, 2));
    await rename(temp, file);
  }

  async function runDueOnce(): Promise<void> {
    const now = new Date(deps.scheduler.now());
    const list = await read();
    let changed = false;
    for (const schedule of list) {
      if (Date.parse(schedule.next_due) > now.getTime()) continue;
      try {
        const result = await deps.exports.exportToFolder({ format: 'pdf', identity: schedule.identity, report_id: schedule.report_id, window: {} }, schedule.folder);
        schedule.last_run = { at: now.toISOString(), ok: true, path: result.path, message: null };
        // A report renamed since it was scheduled is announced (and listed) under its new name.
        schedule.title = result.title;
        deps.notifier.saved(SCHEDULE_MESSAGES.saved, schedule.title, result.path);
      } catch (error) {
        // Signed out or the back end not up yet: the run stays due and is tried at the next check.
        if (error instanceof HostError && error.code === 'unavailable') continue;
        schedule.last_run = { at: now.toISOString(), ok: false, path: null, message: error instanceof Error ? error.message : String(error) };
        deps.log?.(`scheduled report ${schedule.report_id} failed: ${schedule.last_run.message ?? ''}`);
      }
      // Runs missed while the app was closed collapse into this one.
      let due = new Date(schedule.next_due);
      while (due.getTime() <= now.getTime()) due = nextDue(schedule.cadence, due);
      schedule.next_due = due.toISOString();
      changed = true;
    }
    if (changed) await save(list);
  }

  const checks = periodicTask(deps.scheduler, CHECK_EVERY_MS, runDueOnce);

  return {
    list: read,
    async schedule(input: ReportScheduleInput): Promise<ReportSchedule[]> {
      const list = (await read()).filter((entry) => entry.report_id !== input.report_id);
      if (input.cadence !== null) {
        if (!input.folder) throw new HostError('bad_input', SCHEDULE_MESSAGES.folderNeeded);
        if (!(await deps.folders.mayWrite(input.folder))) throw new HostError('forbidden', SCHEDULE_MESSAGES.folderNotPicked);
        const now = new Date(deps.scheduler.now());
        list.push({ report_id: input.report_id, identity: input.identity, title: input.title, cadence: input.cadence, folder: input.folder, next_due: nextDue(input.cadence, now).toISOString(), last_run: null });
      }
      await save(list);
      return list;
    },
    /** Writes every due report (one pass at a time; a call during a pass waits for it). */
    runDue: checks.run,
    /** Checks now (a run missed while closed) and every CHECK_EVERY_MS; answers the stop function. */
    start: checks.start,
  };
}
export type ReportSchedules = ReturnType<typeof createReportSchedules>;
