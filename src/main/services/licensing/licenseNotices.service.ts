/**
 * The licensing expiry notice (issue 14, desktop): once per license, when an active license enters its last
 * LICENSE_EXPIRY_NOTICE_DAYS, the person gets a native notification. Which licenses were announced is kept in
 * `<stateDir>/license-notices.json`, so a restart never repeats one. Checked at start, when the back end comes up and
 * every few hours; signed out or with the back end away, the check simply waits for the next one.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { LicenseListResponseSchema } from '../../../shared/http/licensing.schemas';
import { LICENSE_EXPIRY_NOTICE_DAYS } from '../../../shared/rules/licensing';
import { HostError } from '../../../shared/ipc/handlers';
import type { BackendClient } from '../backendClient';
import type { Notifier } from '../ports';
import { periodicTask, type Scheduler } from '../scheduler';

export const CHECK_LICENSES_EVERY_MS = 6 * 60 * 60_000;
export const LICENSE_NOTICE_TITLE = 'License ending soon';

export interface LicenseNoticeDeps {
  client: Pick<BackendClient, 'json'>;
  notifier: Notifier;
  stateDir: string;
  /** The acting brand (settings marker bId); null when signed out. */
  brandId: () => string | null;
  scheduler: Scheduler;
  log?: (message: string) => void;
}

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export function createLicenseNotices(deps: LicenseNoticeDeps) {
  const file = join(deps.stateDir, 'license-notices.json');

  async function announced(): Promise<Set<string>> {
    try {
      const parsed = z.array(z.string()).safeParse(JSON.parse(await readFile(file, 'utf8')));
      return new Set(parsed.success ? parsed.data : []);
    } catch {
      return new Set();
    }
  }
  async function remember(ids: Set<string>): Promise<void> {
    await mkdir(deps.stateDir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify([...ids]));
    await rename(temp, file);
  }

  async function checkOnce(): Promise<void> {
    const brandId = deps.brandId();
    if (!brandId) return;
    try {
      const { agreements } = await deps.client.json('main', 'GET', `/license_agreements?${new URLSearchParams({ brand_id: brandId })}`, undefined, LicenseListResponseSchema);
      const done = await announced();
      const due = agreements.filter((agreement) => agreement.expiring_soon && !done.has(agreement._id));
      for (const agreement of due) {
        deps.notifier.notify(LICENSE_NOTICE_TITLE, `“${agreement.video_title}” may be used until ${DATE.format(new Date(agreement.expires_at ?? ''))} (${LICENSE_EXPIRY_NOTICE_DAYS} days or less).`);
        done.add(agreement._id);
      }
      if (due.length > 0) await remember(done);
    } catch (error) {
      if (error instanceof HostError && error.code === 'unavailable') return;
      deps.log?.(`license expiry check failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const checks = periodicTask(deps.scheduler, CHECK_LICENSES_EVERY_MS, checkOnce);
  return {
    /** One check (a call during a check waits for it). */
    check: checks.run,
    /** Checks now and every CHECK_LICENSES_EVERY_MS; answers the stop function. */
    start: checks.start,
  };
}
export type LicenseNotices = ReturnType<typeof createLicenseNotices>;
