import { describe, expect, it } from 'vitest';
import { PUBLISH_BLOCKED } from '../../../../src/shared/rules/licensing';
import { createPublishingRepositories } from '../../../../src/server/repositories/publishing/index';
import { createPublisher } from '../../../../src/server/services/publisher';
import { useBothEngines } from './support/bothEngines';
import { answersAlike, AT, BRAND_VIDEO_ROWS } from './support/brandVideoRows';

// v1, a creator's video, is licensed until 2026-12-01.
// Analysed videos: one still under analysis is not published.
const both = useBothEngines(`${BRAND_VIDEO_ROWS}
UPDATE videos SET analysis_stage = 'completed';
INSERT INTO license_agreements (id, brand_id, requester_id, video_id, duration, price, fee, status, created_at, updated_at)
  VALUES ('la1', 'b1', 'u1', 'v1', '1 year', 100, 20, 'paid', '2025-12-01T00:00:00.000Z', '${AT}');
INSERT INTO license_purchases (id, agreement_id, amount, fee, purchased_at, expires_at) VALUES ('lp1', 'la1', 100, 20, '2025-12-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z');`);

describe('the publisher runs its jobs on either engine', () => {
  it('publishes the queued videos step by step, and fails a job whose license ended before it ran, with the reason', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      let now = new Date(AT);
      const publisher = createPublisher(createPublishingRepositories(sql), () => now);
      try {
        const queued = await publisher.enqueue('b1', null, ['v2', 'v1'], 'publish');
        // The license ends after the request was accepted and before its jobs run.
        now = new Date('2026-12-02T00:00:00.000Z');
        await publisher.settled(queued.map((job) => job._id), 60_000);
        const ended = await Promise.all(queued.map((job) => publisher.state('b1', job._id)));
        expect(ended.map((job) => [job?.video_id, job?.state, job?.error]), name).toEqual([['v2', 'published', null], ['v1', 'failed', PUBLISH_BLOCKED.expired]]);
        expect(await publisher.blocked('b1', 'v1'), name).toBe(PUBLISH_BLOCKED.expired);
        return ended.map((job) => ({ ...job, _id: undefined }));
      } finally {
        await publisher.stop();
      }
    });
  });

  it('tries a step that failed again: its jobs stay as they were meanwhile and then end', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      let broken = false;
      let refused = (): void => undefined;
      const firstRefusal = new Promise<void>((resolve) => (refused = resolve));
      // The step's clock fails while `broken`: the step throws, as it does when the database refuses it.
      const now = () => {
        if (broken) {
          refused();
          throw new Error('the step could not run');
        }
        return new Date(AT);
      };
      const publisher = createPublisher(createPublishingRepositories(sql), now);
      try {
        const [job] = await publisher.enqueue('b1', null, ['v2'], 'publish');
        broken = true;
        await firstRefusal;
        expect((await publisher.state('b1', job!._id))?.state, name).toBe('queued');
        broken = false;
        await publisher.settled([job!._id], 60_000);
        const ended = await publisher.state('b1', job!._id);
        expect([ended?.state, ended?.error], name).toEqual(['published', null]);
        return { ...ended, _id: undefined };
      } finally {
        await publisher.stop();
      }
    });
  });
});
