import { beforeEach, describe, expect, it } from 'vitest';
import type { Campaign, CampaignList } from '../../../../src/shared/http/campaigns.schemas';
import { CAMPAIGN_DEFAULTS } from '../../../../src/shared/constants';
import { campaignTab } from '../../../../src/shared/rules/campaignTabs';
import { useVideoWorkspace, WORKSPACE_NOW } from '../videos/support/videoWorkspace';

const workspace = useVideoWorkspace();
const NOW = new Date(WORKSPACE_NOW);
let w: ReturnType<typeof useVideoWorkspace>['w'];
beforeEach(() => {
  w = workspace.w;
});
const list = async (query: Record<string, string> = {}) => (await w.get('/jwt_api/campaigns', query)).json() as CampaignList;
const write = (method: 'POST' | 'PUT', path: string, campaign: Record<string, unknown>, publish = false) => w.send(method, path, { publish, campaign });

describe('campaigns', () => {
  it('lists a tab (default active, sort OLD) with counts that follow each campaign\'s end in its zone', async () => {
    const rows = w.db.prepare('SELECT state, ongoing, end_date, end_time, campaign_timezone FROM campaigns WHERE brand_id = ?').all(w.brandId) as { state: string; ongoing: number; end_date: string | null; end_time: string | null; campaign_timezone: string | null }[];
    const expected = { active: 0, past: 0, draft: 0 };
    for (const row of rows) expected[campaignTab({ ...row, state: row.state === 'draft' ? 'draft' : 'active', ongoing: row.ongoing === 1 }, NOW)] += 1;
    const active = await list();
    expect(active.counts).toEqual(expected);
    expect(active.campaigns.every((c) => c.tab === 'active')).toBe(true);
    const starts = active.campaigns.map((c) => c.start_date ?? '');
    expect(starts).toEqual([...starts].sort());
    expect((await list({ sort: 'NEW' })).campaigns.map((c) => c._id)).toEqual(active.campaigns.map((c) => c._id).reverse());
    expect((await list({ tab: 'draft' })).campaigns).toHaveLength(expected.draft);
    const one = active.campaigns[0]!;
    expect((await list({ search: one.campaign_hashtag.slice(1, 6) })).campaigns.map((c) => c._id)).toContain(one._id);
  });

  it('creates a draft with the defaults of §9, refuses a bad publish with the field, then publishes it', async () => {
    const draft = (await write('POST', '/jwt_api/campaigns', { campaign_headline: 'Summer glow challenge', campaign_hashtag: 'SummerGlow' })).json().campaign as Campaign;
    expect(draft).toMatchObject({ state: 'draft', tab: 'draft', campaign_hashtag: '#SummerGlow', campaign_video_limit: CAMPAIGN_DEFAULTS.videoLimit,
      campaign_timezone: CAMPAIGN_DEFAULTS.timezone, campaign_button_color: CAMPAIGN_DEFAULTS.buttonColor, preview_color_change: CAMPAIGN_DEFAULTS.previewColor });
    const fields = { campaign_headline: 'Summer glow challenge', start_date: '2026-12-01', start_time: '09:00', end_date: '2026-11-30', end_time: '18:00' };
    const inverted = await write('PUT', `/jwt_api/campaigns/${draft._id}`, fields, true);
    expect([inverted.statusCode, inverted.json().message]).toEqual([400, 'end_date: The campaign must end after it starts.']);
    expect((await write('PUT', `/jwt_api/campaigns/${draft._id}`, { ...fields, end_date: null }, true)).json().message).toBe('end_date: Give an end date, or mark the campaign ongoing.');
    expect((await write('PUT', `/jwt_api/campaigns/${draft._id}`, { ...fields, end_date: '2027-01-31', campaign_video_limit: 0 }, true)).json().message).toContain('Allow at least 1 video.');
    expect((await write('PUT', `/jwt_api/campaigns/${draft._id}`, { ...fields, end_date: '2027-01-31', campaign_button_color: 'green' }, true)).json().message).toContain('A colour is written #RRGGBB');
    const published = (await write('PUT', `/jwt_api/campaigns/${draft._id}`, { ...fields, end_date: '2027-01-31' }, true)).json().campaign as Campaign;
    expect(published).toMatchObject({ state: 'active', tab: 'active', end_date: '2027-01-31' });
    expect((await list()).campaigns.map((c) => c._id)).toContain(draft._id);
    expect((await list({ tab: 'draft' })).campaigns.map((c) => c._id)).not.toContain(draft._id);
  });

  it('gives a published campaign its submission link', async () => {
    const [campaign] = (await list()).campaigns;
    const { submission_link } = (await w.get(`/jwt_api/campaigns/${campaign!._id}/submission_link`)).json() as { submission_link: string };
    expect(submission_link).toMatch(new RegExp(`^http://[^/]+/campaigns/${campaign!._id}/submit$`));
  });

  it('keeps another brand\'s campaigns and products out', async () => {
    const foreign = w.db.prepare('SELECT id FROM campaigns WHERE brand_id <> ? LIMIT 1').pluck().get(w.brandId) as string;
    expect((await w.get(`/jwt_api/campaigns/${foreign}`)).statusCode).toBe(404);
    expect((await write('PUT', `/jwt_api/campaigns/${foreign}`, { campaign_headline: 'Mine now' })).statusCode).toBe(404);
    expect((await w.send('DELETE', `/jwt_api/campaigns/${foreign}`)).statusCode).toBe(404);
    expect((await w.get(`/jwt_api/campaigns/${foreign}/submission_link`)).statusCode).toBe(404);
    const otherProduct = w.db.prepare('SELECT id FROM products WHERE brand_id <> ? LIMIT 1').pluck().get(w.brandId) as string;
    expect((await write('POST', '/jwt_api/campaigns', { campaign_headline: 'X', products: [otherProduct] })).json().message).toContain('is not one of the brand\'s products.');
    const own = (await write('POST', '/jwt_api/campaigns', { campaign_headline: 'To delete' })).json().campaign as Campaign;
    expect((await w.send('DELETE', `/jwt_api/campaigns/${own._id}`)).json()).toEqual({ deleted: true });
    expect((await w.get(`/jwt_api/campaigns/${own._id}`)).statusCode).toBe(404);
  });
});
