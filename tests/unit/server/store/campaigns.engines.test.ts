import { describe, expect, it } from 'vitest';
import { CampaignFieldsSchema } from '../../../../src/shared/http/campaigns.schemas';
import { createCampaignRepository } from '../../../../src/server/repositories/campaigns/campaignRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike, AT, BRAND_VIDEO_ROWS } from './support/brandVideoRows';

const both = useBothEngines(BRAND_VIDEO_ROWS);
const NOW = new Date(AT);
const fields = (headline: string, extra: Record<string, unknown> = {}) => CampaignFieldsSchema.parse({
  campaign_headline: headline, description: 'Show the serum', start_date: '2026-11-01', end_date: '2026-12-31', products: ['p1'],
  campaign_upload_platform: ['Youtube'], campaign_allow_rating: true, campaign_video_limit: 2, ...extra,
});

describe('the campaign repository answers alike on SQLite and PostgreSQL', () => {
  it('creates, finds, lists and updates a brand\'s campaigns with their flags, lists, tab and submitted count', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const campaigns = createCampaignRepository(sql);
      const live = await campaigns.create('b1', 'u1', fields('Glow week'), true, NOW);
      const draft = await campaigns.create('b1', 'u1', fields('Winter draft', { ongoing: true, campaign_allow_rating: false }), false, NOW);
      await sql.run('INSERT INTO campaign_videos (campaign_id, video_id, submitted_at) VALUES (?, ?, ?)', [live, 'v1', AT]);
      const found = await campaigns.find(live, 'b1', NOW);
      expect(found, name).toMatchObject({ state: 'active', tab: 'active', submitted_videos: 1, products: ['p1'], campaign_upload_platform: ['Youtube'], campaign_allow_rating: true });
      expect(await campaigns.find(live, 'b2', NOW), name).toBeNull();
      // A draft published on update; a published one stays published even when not asked again.
      await campaigns.update(draft, 'b1', 'u1', fields('Winter, published', { ongoing: true }), true, true, NOW);
      await campaigns.update(live, 'b1', 'u1', fields('Glow week, edited'), false, false, NOW);
      const listed = (await campaigns.list('b1', NOW)).sort((a, b) => a.campaign_headline.localeCompare(b.campaign_headline));
      expect(listed.map((c) => [c.campaign_headline, c.state, c.ongoing]), name).toEqual([['Glow week, edited', 'active', false], ['Winter, published', 'active', true]]);
      return listed.map(({ _id, ...campaign }) => ({ ...campaign, live: _id === live }));
    });
  });

  it('reads any brand\'s campaign for its public page with the brand\'s name, and remembers a deleted one (deleted twice: the later date)', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const campaigns = createCampaignRepository(sql);
      const id = await campaigns.create('b1', 'u1', fields('Public one'), true, NOW);
      const page = await campaigns.findPublic(id, NOW);
      expect(page, name).toMatchObject({ brandName: 'Glow', campaign: { campaign_headline: 'Public one' } });
      expect(await campaigns.wasDeleted(id), name).toBe(false);
      expect(await campaigns.remove(id, 'b2', NOW), name).toBe(false);
      expect(await campaigns.remove(id, 'b1', NOW), name).toBe(true);
      expect(await campaigns.remove(id, 'b1', NOW), name).toBe(false);
      expect([await campaigns.findPublic(id, NOW), await campaigns.wasDeleted(id)], name).toEqual([null, true]);
      // The same id stored and deleted again: the tombstone is replaced (ON CONFLICT … DO UPDATE on both engines).
      await sql.run("INSERT INTO campaigns (id, brand_id, state, campaign_headline, created_at, updated_at) VALUES (?, 'b1', 'draft', 'Again', ?, ?)", [id, AT, AT]);
      expect(await campaigns.remove(id, 'b1', new Date('2026-11-27T00:00:00.000Z')), name).toBe(true);
      const tombstones = await sql.all<{ deleted_at: string }>('SELECT deleted_at FROM deleted_campaigns WHERE id = ?', [id]);
      expect(tombstones, name).toEqual([{ deleted_at: '2026-11-27T00:00:00.000Z' }]);
      const { _id: _ignored, ...campaign } = page!.campaign;
      return { brandName: page!.brandName, campaign, tombstones };
    });
  });

  it('keeps a banner\'s url and file name per brand', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const campaigns = createCampaignRepository(sql);
      const id = await campaigns.create('b1', 'u1', fields('Banner'), false, NOW);
      expect(await campaigns.bannerFile(id, 'b1'), name).toBeNull();
      await campaigns.setBanner(id, 'b1', '/media/campaigns/aa.png', 'aa.png', NOW);
      await campaigns.setBanner(id, 'b2', '/media/campaigns/bb.png', 'bb.png', NOW);
      expect([await campaigns.bannerFile(id, 'b1'), await campaigns.bannerFile(id, 'b2')], name).toEqual(['aa.png', null]);
      return (await campaigns.find(id, 'b1', NOW))?.banner_image;
    });
  });
});
