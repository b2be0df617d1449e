import { describe, expect, it } from 'vitest';
import { createPublishJobsRepository } from '../../../../src/server/repositories/publishing/publishJobsRepository';
import { createPublishPayloadsRepository } from '../../../../src/server/repositories/publishPayloadsRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike, BRAND_VIDEO_ROWS } from './support/brandVideoRows';

const both = useBothEngines(BRAND_VIDEO_ROWS);
const at = (minute: number) => `2026-11-26T10:0${minute}:00.000Z`;
/** One instance's step at that minute (its claims last an hour). */
const stepAt = (minute: number) => ({ owner: 'i1', now: at(minute), leaseUntil: '2026-11-26T11:00:00.000Z' });

describe('the publish payloads repository answers alike on SQLite and PostgreSQL', () => {
  it('counts a brand\'s waiting payloads once per file, releases a file only when none of its jobs is open, and forgets ended ones', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const jobs = createPublishJobsRepository(sql);
      const payloads = createPublishPayloadsRepository(sql);
      await jobs.queue('b1', null, ['v2', 'v3'], 'publish', { file: 'shared.json', bytes: 300 }, at(0));
      await jobs.queue('b1', null, ['v2'], 'unpublish', { file: 'alone.json', bytes: 50 }, at(1));
      expect([await payloads.waitingBytes('b1'), await payloads.waitingBytes('b2')], name).toEqual([350, 0]);
      expect([...(await payloads.openFiles())].sort(), name).toEqual(['alone.json', 'shared.json']);
      // Still open: nothing is released.
      expect(await payloads.released(['shared.json', 'alone.json']), name).toEqual([]);
      // Every job ends (claimed, then ended): both files go, each once however often it is named.
      await jobs.step(stepAt(2), 10, () => null);
      await jobs.step(stepAt(3), 10, () => null);
      expect(await payloads.released(['shared.json', 'shared.json', 'alone.json']), name).toEqual(['shared.json', 'alone.json']);
      expect([await payloads.waitingBytes('b1'), (await payloads.openFiles()).size], name).toEqual([0, 0]);
      const files = await sql.all<{ payload_file: string | null }>('SELECT payload_file FROM publish_jobs ORDER BY created_at, payload_bytes');
      expect(files.every((row) => row.payload_file === null), name).toBe(true);
      return files;
    });
  });

  it('lets ended jobs forget a file no open job shares, and keeps one an open job still needs', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const jobs = createPublishJobsRepository(sql);
      const payloads = createPublishPayloadsRepository(sql);
      await jobs.queue('b1', null, ['v2'], 'publish', { file: 'ended.json', bytes: 10 }, at(0));
      await jobs.step(stepAt(1), 10, () => null);
      await jobs.step(stepAt(2), 10, () => null);
      await jobs.queue('b1', null, ['v3'], 'publish', { file: 'open.json', bytes: 20 }, at(3));
      await payloads.forgetEnded();
      const files = await sql.all<{ payload_file: string | null; state: string }>('SELECT payload_file, state FROM publish_jobs ORDER BY created_at');
      expect(files, name).toEqual([{ payload_file: null, state: 'published' }, { payload_file: 'open.json', state: 'queued' }]);
      return files;
    });
  });
});
