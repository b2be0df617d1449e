import { describe, expect, it } from 'vitest';
import { createCampaignSubmissions } from '../../../../src/server/repositories/campaigns/campaignSubmissions';
import { useBothEngines } from './support/bothEngines';
import { answersAlike, AT, BRAND_VIDEO_ROWS } from './support/brandVideoRows';

const both = useBothEngines(`${BRAND_VIDEO_ROWS}
INSERT INTO campaigns (id, brand_id, state, campaign_headline, created_at, updated_at) VALUES ('k1', 'b1', 'active', 'Glow week', '${AT}', '${AT}'),
  ('k2', 'b1', 'active', 'Night week', '${AT}', '${AT}');
INSERT INTO campaign_videos (campaign_id, video_id, submitted_at, submitter_name, submitter_email) VALUES
  ('k1', 'v1', '2026-11-20T00:00:00.000Z', 'Maya', 'maya@example.com'), ('k1', 'v4', '2026-11-21T00:00:00.000Z', 'Maya', 'maya@example.com'),
  ('k2', 'v3', '2026-11-22T00:00:00.000Z', NULL, NULL);`);

describe('the campaign submissions repository answers alike on SQLite and PostgreSQL', () => {
  it('lists the videos submitted to the given campaigns as the Campaigns tab shows them (trashed left out), newest first', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const submissions = createCampaignSubmissions(sql);
      const scope = { brandId: 'b1', competitorIds: [] };
      const both = await submissions.submittedVideos(['k1', 'k2'], scope);
      expect(both.map((row) => [row.campaign_id, row.id, row.submitter_name]), name).toEqual([['k2', 'v3', null], ['k1', 'v1', 'Maya']]);
      expect((await submissions.submittedVideos(['k1'], scope)).map((row) => row.id), name).toEqual(['v1']);
      expect(await submissions.submittedVideos([], scope), name).toEqual([]);
      const products = (await submissions.brandProductIds('b1')).sort();
      expect(products, name).toEqual(['p1', 'p2']);
      return { both, products };
    });
  });
});
