import { describe, expect, it } from 'vitest';
import type { SqlClient } from '../../../../src/server/db/sqlClient';
import { createPublishJobsRepository, type PublishableVideo, type PublishJobRow } from '../../../../src/server/repositories/publishing/publishJobsRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike, AT, BRAND_VIDEO_ROWS } from './support/brandVideoRows';

// v1 (a creator's video) has a paid license that ends in 2027 and one that expired; v2 and v3 are brand-made; v2 is
// analysed, the others are still under analysis.
const both = useBothEngines(`${BRAND_VIDEO_ROWS}
UPDATE videos SET analysis_stage = 'completed' WHERE id = 'v2';
INSERT INTO license_agreements (id, brand_id, requester_id, video_id, duration, price, fee, status, created_at, updated_at) VALUES
  ('la1', 'b1', 'u1', 'v1', '1 year', 100, 20, 'paid', '2026-11-01T00:00:00.000Z', '${AT}'),
  ('la2', 'b1', 'u1', 'v1', '1 year', 100, 20, 'expired', '2026-11-02T00:00:00.000Z', '${AT}'),
  ('la3', 'b1', 'u1', 'v1', '1 year', 100, 20, 'requested', '2026-11-03T00:00:00.000Z', '${AT}');
INSERT INTO license_purchases (id, agreement_id, amount, fee, purchased_at, expires_at) VALUES
  ('lp1', 'la1', 100, 20, '2026-11-01T00:00:00.000Z', '2027-11-01T00:00:00.000Z'), ('lp2', 'la2', 100, 20, '2025-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z');`);

const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`;
/** One instance's step at that minute (its claims last an hour). */
const stepAt = (minute: number) => ({ owner: 'i1', now: at(minute), leaseUntil: '2026-11-26T11:00:00.000Z' });
const published = (sql: SqlClient) =>
  sql.all<{ id: string; published: number; app_published_at: string | null }>("SELECT id, published, app_published_at FROM videos WHERE brand_id = 'b1' ORDER BY id");

describe('the publish jobs repository answers alike on SQLite and PostgreSQL', () => {
  it('reads a video\'s rights: brand-made or not, and its paid and expired licenses with their ends (another brand\'s video is not found)', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const jobs = createPublishJobsRepository(sql);
      const rights = { v1: await jobs.video('b1', 'v1'), v2: await jobs.video('b1', 'v2'), foreign: await jobs.video('b2', 'v1') };
      expect(rights, name).toEqual({
        v1: { id: 'v1', title: 'Serum routine', rights: { analysed: false, byBrand: false, licenses: [{ status: 'paid', expires_at: '2027-11-01T00:00:00.000Z' }, { status: 'expired', expires_at: '2026-11-01T00:00:00.000Z' }] } },
        v2: { id: 'v2', title: 'Glow morning', rights: { analysed: true, byBrand: true, licenses: [] } },
        foreign: null,
      });
      return rights;
    });
  });

  it('steps jobs on: claims queued ones, then ends them published or unpublished, or failed with the reason, and hands back their payloads', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const jobs = createPublishJobsRepository(sql);
      const payload = { file: '/tmp/payloads/one.json', bytes: 512 };
      const [first, second] = await jobs.queue('b1', null, ['v2', 'v1'], 'publish', payload, at(0));
      const [third] = await jobs.queue('b1', null, ['v3'], 'unpublish', null, at(1));
      expect([first?.state, second?.state, third?.state], name).toEqual(['queued', 'queued', 'queued']);
      const ids = [first!._id, second!._id, third!._id];
      expect([await jobs.anyOpen(), await jobs.openCount(ids)], name).toEqual([true, 3]);
      expect(await jobs.job('b2', ids[0]!), name).toBeNull();

      const seen: [string, boolean | null][] = [];
      const blockOf = (job: PublishJobRow, video: PublishableVideo | null) => {
        seen.push([job.video_id, video?.rights.byBrand ?? null]);
        return video?.rights.byBrand ? null : 'The license of this video has ended.';
      };
      // The first step claims (a limit of 2 takes the oldest two); the next ends those and claims the third, which the one after ends.
      expect(await jobs.step(stepAt(2), 2, blockOf), name).toEqual([]);
      const claimed = await Promise.all(ids.map(async (id) => (await jobs.job('b1', id))?.state));
      expect(claimed, name).toEqual(['processing', 'processing', 'queued']);
      const ended = await jobs.step(stepAt(3), 2, blockOf);
      expect(ended, name).toEqual([payload.file, payload.file]);
      expect(await jobs.step(stepAt(4), 2, blockOf), name).toEqual([]);

      const final = await Promise.all(ids.map((id) => jobs.job('b1', id)));
      expect(final.map((job) => [job?.video_id, job?.state, job?.error, job?.updated_at]), name).toEqual([
        ['v2', 'published', null, at(3)], ['v1', 'failed', 'The license of this video has ended.', at(3)], ['v3', 'unpublished', null, at(4)],
      ]);
      expect(seen.sort(), name).toEqual([['v1', false], ['v2', true], ['v3', true]]);
      expect(await published(sql), name).toEqual([
        { id: 'v1', published: 0, app_published_at: null }, { id: 'v2', published: 1, app_published_at: at(3) },
        { id: 'v3', published: 0, app_published_at: '2026-11-22T08:00:00.000Z' }, { id: 'v4', published: 0, app_published_at: null },
      ]);
      expect([await jobs.anyOpen(), await jobs.openCount(ids)], name).toEqual([false, 0]);
      const latest = await jobs.latestOf('b1', 'v2');
      expect(latest?._id, name).toBe(ids[0]);
      return { final: final.map((job) => ({ ...job, _id: undefined })), latest: { ...latest, _id: undefined } };
    });
  });

  it('answers a video\'s latest job, and nothing for another brand', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const jobs = createPublishJobsRepository(sql);
      await jobs.queue('b1', null, ['v2'], 'publish', null, at(0));
      const [later] = await jobs.queue('b1', null, ['v2'], 'unpublish', null, at(1));
      const latest = await jobs.latestOf('b1', 'v2');
      expect(latest?._id, name).toBe(later?._id);
      expect([await jobs.latestOf('b2', 'v2'), await jobs.latestOf('b1', 'v1')], name).toEqual([null, null]);
      return { ...latest, _id: undefined };
    });
  });

  it('keeps a step whole: a step that fails half-way leaves every job and video as it was', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const jobs = createPublishJobsRepository(sql);
      const queued = await jobs.queue('b1', null, ['v2', 'v3'], 'unpublish', null, at(0));
      await jobs.step(stepAt(1), 10, () => null);
      const before = await published(sql);
      let calls = 0;
      const failing = () => {
        if (++calls === 2) throw new Error('the rights could not be read');
        return null;
      };
      await expect(jobs.step(stepAt(2), 10, failing), name).rejects.toThrow('the rights could not be read');
      const states = await Promise.all(queued.map(async (job) => (await jobs.job('b1', job._id))?.state));
      expect(states, name).toEqual(['processing', 'processing']);
      expect(await published(sql), name).toEqual(before);
      return states;
    });
  });
});
