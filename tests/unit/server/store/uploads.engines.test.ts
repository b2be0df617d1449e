import { describe, expect, it } from 'vitest';
import { createSubmissionTransaction } from '../../../../src/server/repositories/campaigns/submissionTransaction';
import { createUploadsRepository, type NewVideo } from '../../../../src/server/repositories/uploadsRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike, AT } from './support/brandVideoRows';
import { VIDEO_WRITE_ROWS } from './support/videoWriteRows';

const both = useBothEngines(`${VIDEO_WRITE_ROWS}
INSERT INTO campaigns (id, brand_id, state, campaign_headline, campaign_video_limit, created_at, updated_at) VALUES ('k1', 'b1', 'active', 'Glow week', 1, '${AT}', '${AT}');`);
const later = '2026-11-26T12:00:00.000Z';
const newVideo = (id: string, extra: Partial<NewVideo> = {}): NewVideo => ({
  id, brandId: 'b1', userId: 'u1', title: `Clip ${id}`, platform: 'Youtube', videoUrl: `https://youtu.be/${id}`, embeddedUrl: null, thumbnailUrl: null,
  tiktokId: null, source: 'Youtube', externalRef: `ref-${id}`, fileName: null, at: later, ...extra,
});

describe('the uploads repository answers alike on SQLite and PostgreSQL', () => {
  it('adds a video once per source, names its creator (found in any case, or added as a fan), keeps tickets one-time', async () => {
    const answer = await answersAlike(both.engines(), async (sql) => {
      const uploads = createUploadsRepository(sql);
      const first = await uploads.addVideo(newVideo('n1', { creatorName: ' maya ' }));
      const again = await uploads.addVideo(newVideo('n2', { externalRef: 'ref-n1' }));
      const fan = await uploads.addVideo(newVideo('n3', { userId: null, creatorName: 'Lee Park' }));
      await uploads.updateLink('n1', 'https://youtu.be/new', null, null, later);
      await uploads.setMedia('n3', 'uploads/n3.mp4', 'n3.mp4', later);
      await uploads.addTicket('token-1', 'n3', 'video', 'n3.mp4', '2026-11-26T13:00:00.000Z', later);
      const claims = [await uploads.claim('token-1', later), await uploads.claim('token-1', later)];
      await uploads.release('token-1');
      const reclaimed = await uploads.claim('token-1', later);
      await uploads.complete('token-1', later);
      const afterComplete = await uploads.claim('token-1', later);
      const expired = await uploads.claim('token-1', '2026-11-26T14:00:00.000Z');
      return {
        first: first.video, duplicate: [first.duplicate, again.duplicate, again.video._id], fanVideo: fan.video._id,
        bySource: [await uploads.findBySource('b1', 'Youtube', 'ref-n1'), await uploads.findBySource('b1', 'Youtube', 'nope')],
        n1: await uploads.added('n1'), own: [await uploads.ownVideo('n3', 'b1'), await uploads.ownVideo('n3', 'b2')],
        ticket: await uploads.ticket('token-1'), claims, reclaimed, afterComplete, expired,
        creators: await sql.all('SELECT name, handle, creator_type, video_count FROM creators ORDER BY name'),
        links: await sql.all("SELECT v.id, c.name FROM videos v JOIN creators c ON c.id = v.creator_id WHERE v.id IN ('n1', 'n3') ORDER BY v.id"),
        source: await sql.get("SELECT file_name FROM video_sources WHERE video_id = 'n3'"),
      };
    });
    expect(answer.first).toMatchObject({ _id: 'n1', brand_id: 'b1', analysis_stage: 'pending', created_at: later });
    expect(answer.duplicate).toEqual([false, true, 'n1']);
    expect(answer.bySource).toEqual(['n1', null]);
    expect(answer.n1?.video_url).toBe('https://youtu.be/new');
    expect(answer.own).toEqual([{ id: 'n3', platform: 'Youtube', media_file: 'uploads/n3.mp4', analysis_stage: 'pending' }, null]);
    expect([answer.claims, answer.reclaimed, answer.afterComplete, answer.expired]).toEqual([[true, false], true, false, false]);
    expect(answer.ticket).toMatchObject({ video_id: 'n3', kind: 'video', completed_at: later });
    expect(answer.creators).toEqual([
      { name: 'Glow Studio', handle: '@glow', creator_type: 'brand', video_count: 1 },
      { name: 'Lee Park', handle: '@leepark', creator_type: 'fan', video_count: 1 },
      { name: 'Maya', handle: '@maya', creator_type: 'fan', video_count: 3 },
    ]);
    expect(answer.links).toEqual([{ id: 'n1', name: 'Maya' }, { id: 'n3', name: 'Lee Park' }]);
    expect(answer.source).toEqual({ file_name: 'n3.mp4' });
  });

  it('a submission holds the campaign, stores the upload and its place together, and a throw keeps neither', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const inSubmission = createSubmissionTransaction(sql);
      const at = new Date(later);
      await expect(inSubmission('k1', async ({ uploads, campaigns }) => {
        await uploads.addVideo(newVideo('s1', { userId: null }));
        await campaigns.addSubmission('k1', 's1', { name: 'Ana', email: 'ana@example.com' }, at);
        throw new Error('refused');
      }), name).rejects.toThrow('refused');
      const places = await inSubmission('k1', async ({ uploads, campaigns }) => {
        const before = (await campaigns.findPublic('k1', at))?.campaign.submitted_videos;
        await uploads.addVideo(newVideo('s2', { userId: null, creatorName: 'Ana' }));
        await campaigns.addSubmission('k1', 's2', { name: 'Ana', email: 'ana@example.com' }, at);
        return [before, (await campaigns.findPublic('k1', at))?.campaign.submitted_videos];
      });
      const kept = await sql.all<{ video_id: string }>('SELECT video_id FROM campaign_videos ORDER BY video_id');
      const videos = await sql.all<{ id: string }>("SELECT id FROM videos WHERE id IN ('s1', 's2')");
      expect(places, name).toEqual([0, 1]);
      expect(kept, name).toEqual([{ video_id: 's2' }]);
      expect(videos, name).toEqual([{ id: 's2' }]);
      return { places, kept, videos };
    });
  });

  it('two creators sending at once for a campaign\'s last place: one gets it (the campaign is held until the first commits)', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const inSubmission = createSubmissionTransaction(sql);
      const at = new Date(later);
      const take = (id: string) => inSubmission('k1', async ({ uploads, campaigns }) => {
        const found = await campaigns.findPublic('k1', at);
        if (!found || found.campaign.submitted_videos >= found.campaign.campaign_video_limit) throw new Error('full');
        await uploads.addVideo(newVideo(id, { userId: null }));
        await campaigns.addSubmission('k1', id, { name: 'Ana', email: 'ana@example.com' }, at);
      });
      const outcomes = (await Promise.allSettled([take('r1'), take('r2')])).map((outcome) => outcome.status).sort();
      const kept = (await sql.all<{ n: number }>('SELECT COUNT(*) AS n FROM campaign_videos'))[0]?.n;
      expect(outcomes, name).toEqual(['fulfilled', 'rejected']);
      expect(kept, name).toBe(1);
      return { outcomes, kept };
    });
  });
});
