import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Campaign, CampaignList, CampaignLists } from '../../../../src/shared/http/campaigns.schemas';
import { CAMPAIGN_BANNER_MAX_BYTES, CAMPAIGN_MESSAGES } from '../../../../src/shared/http/campaigns.schemas';
import type { VideoListResponse } from '../../../../src/shared/http/videos.schemas';
import { MESSAGES } from '../../../../src/shared/messages';
import { multipartBody } from '../uploads/support/multipart';
import { CAMPAIGN_DEFAULTS } from '../../../../src/shared/constants';
import { campaignTab } from '../../../../src/shared/rules/campaignTabs';
import { useVideoWorkspace, WORKSPACE_NOW } from '../videos/support/videoWorkspace';
import { firstValue } from '../support/testEngine';

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
    const rows = (await w.sql.all('SELECT state, ongoing, end_date, end_time, campaign_timezone FROM campaigns WHERE brand_id = ?', [w.brandId])) as { state: string; ongoing: number; end_date: string | null; end_time: string | null; campaign_timezone: string | null }[];
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
    const undescribed = await write('PUT', `/jwt_api/campaigns/${draft._id}`, { campaign_headline: 'Summer glow challenge', start_date: '2026-12-01', ongoing: true }, true);
    expect(undescribed.json().message).toBe('description: Tell creators what the video should show.');
    const fields = { campaign_headline: 'Summer glow challenge', description: 'Show your morning routine.', start_date: '2026-12-01', start_time: '09:00', end_date: '2026-11-30', end_time: '18:00' };
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
    const foreign = (await firstValue(w.sql, 'SELECT id FROM campaigns WHERE brand_id <> ? LIMIT 1', [w.brandId])) as string;
    expect((await w.get(`/jwt_api/campaigns/${foreign}`)).statusCode).toBe(404);
    expect((await write('PUT', `/jwt_api/campaigns/${foreign}`, { campaign_headline: 'Mine now' })).statusCode).toBe(404);
    expect((await w.send('DELETE', `/jwt_api/campaigns/${foreign}`)).statusCode).toBe(404);
    expect((await w.get(`/jwt_api/campaigns/${foreign}/submission_link`)).statusCode).toBe(404);
    const otherProduct = (await firstValue(w.sql, 'SELECT id FROM products WHERE brand_id <> ? LIMIT 1', [w.brandId])) as string;
    expect((await write('POST', '/jwt_api/campaigns', { campaign_headline: 'X', products: [otherProduct] })).json().message).toContain('is not one of the brand\'s products.');
    const own = (await write('POST', '/jwt_api/campaigns', { campaign_headline: 'To delete' })).json().campaign as Campaign;
    expect((await w.send('DELETE', `/jwt_api/campaigns/${own._id}`)).json()).toEqual({ deleted: true });
    expect((await w.get(`/jwt_api/campaigns/${own._id}`)).statusCode).toBe(404);
  });

  it('keeps the featured product and gives a bare terms link its scheme (spec §5); prose terms stay as typed', async () => {
    const linked = (await write('POST', '/jwt_api/campaigns', { campaign_headline: 'Linked terms', campaign_product: 'Glow Serum 30 ml', terms_and_conditions: 'brand.example/terms' })).json().campaign as Campaign;
    expect(linked).toMatchObject({ campaign_product: 'Glow Serum 30 ml', terms_and_conditions: 'http://brand.example/terms' });
    const prose = 'Videos must be original. See brand.example/terms for the rest.';
    expect(((await write('PUT', `/jwt_api/campaigns/${linked._id}`, { campaign_headline: 'Linked terms', terms_and_conditions: prose })).json().campaign as Campaign).terms_and_conditions).toBe(prose);
  });
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f10000000049454e44ae426082', 'hex');

describe('campaign banner upload', () => {
  const upload = (campaignId: string, file: { field?: string; name: string; type: string; data: Buffer }) => {
    const { payload, headers } = multipartBody({}, [{ field: file.field ?? 'banner', name: file.name, type: file.type, data: file.data }]);
    return w.app.inject({ method: 'POST', url: `/jwt_api/campaigns/${campaignId}/banner?brand_id=${w.brandId}`, payload, headers: { ...headers, authorization: `Bearer ${w.jwt}` } });
  };
  const draft = async () => (await write('POST', '/jwt_api/campaigns', { campaign_headline: 'Bannered' })).json().campaign as Campaign;

  it('stores a picture in the media folder, replaces the previous file and removes it with the campaign', async () => {
    const campaign = await draft();
    const first = await upload(campaign._id, { name: 'banner.png', type: 'image/png', data: PNG });
    expect(first.statusCode, first.body).toBe(200);
    const url = (first.json().campaign as Campaign).banner_image ?? '';
    expect(url).toMatch(/^\/media\/campaigns\/[0-9a-f]{24}\.png$/);
    const path = join(w.dataDir, url.slice(1));
    expect(readFileSync(path).equals(PNG)).toBe(true);
    const second = (await upload(campaign._id, { name: 'Bannière été.png', type: 'image/png', data: PNG })).json().campaign as Campaign;
    expect(second.banner_image).not.toBe(url);
    expect(existsSync(path)).toBe(false);
    const secondPath = join(w.dataDir, (second.banner_image ?? '').slice(1));
    expect(existsSync(secondPath)).toBe(true);
    await w.send('DELETE', `/jwt_api/campaigns/${campaign._id}`);
    expect(existsSync(secondPath)).toBe(false);
  });

  it('answers 415 for what is not a picture (by name, by type, by content) and 413 over 5 MB, storing nothing', async () => {
    const campaign = await draft();
    const refused = [
      await upload(campaign._id, { name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') }),
      await upload(campaign._id, { name: 'banner.png', type: 'text/plain', data: PNG }),
      await upload(campaign._id, { name: 'fake.png', type: 'image/png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }),
      await upload(campaign._id, { name: 'empty.jpg', type: 'image/jpeg', data: Buffer.alloc(0) }),
    ];
    expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual(Array(4).fill([415, CAMPAIGN_MESSAGES.bannerType]));
    const big = await upload(campaign._id, { name: 'huge.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(CAMPAIGN_BANNER_MAX_BYTES + 200 * 1024)]) });
    expect([big.statusCode, big.json().message]).toEqual([413, CAMPAIGN_MESSAGES.bannerTooLarge]);
    const json = await w.send('POST', `/jwt_api/campaigns/${campaign._id}/banner`, {});
    expect(json.statusCode).toBe(415);
    expect(((await w.get(`/jwt_api/campaigns/${campaign._id}`)).json().campaign as Campaign).banner_image).toBeNull();
    const foreign = (await firstValue(w.sql, 'SELECT id FROM campaigns WHERE brand_id <> ? LIMIT 1', [w.brandId])) as string;
    expect((await upload(foreign, { name: 'banner.png', type: 'image/png', data: PNG })).statusCode).toBe(404);
  });
});

describe('GET /manufacturers/{id}/campaign_lists', () => {
  it('lists each campaign with its submitted videos: together exactly the videos of the Campaigns tab', async () => {
    const { campaign_lists } = (await w.get(`/jwt_api/manufacturers/${w.brandId}/campaign_lists`)).json() as CampaignLists;
    const own = (await firstValue(w.sql, 'SELECT COUNT(*) FROM campaigns WHERE brand_id = ?', [w.brandId])) as number;
    expect(campaign_lists).toHaveLength(own);
    const listed = new Set(campaign_lists.flatMap((c) => c.videos.map((v) => v._id)));
    expect(listed.size).toBeGreaterThan(0);
    const tab = (await w.get('/jwt_api/videos', { tab: 'Campaigns', per_page: '1000' })).json() as VideoListResponse;
    expect(new Set(tab.videos.map((v) => v._id))).toEqual(listed);

    const withVideos = campaign_lists.find((c) => c.videos.length > 1)!;
    const trashed = withVideos.videos[0]!._id;
    await w.sql.run("INSERT INTO marks (brand_id, kind, target_id, mark, created_at) VALUES (?, 'video', ?, 'trash', ?)", [w.brandId, trashed, WORKSPACE_NOW]);
    const one = (await w.get(`/jwt_api/manufacturers/${w.brandId}/campaign_lists`, { campaign_id: withVideos._id })).json() as CampaignLists;
    expect(one.campaign_lists.map((c) => c._id)).toEqual([withVideos._id]);
    expect(one.campaign_lists[0]!.videos.map((v) => v._id)).toEqual(withVideos.videos.slice(1).map((v) => v._id));
    const submitted = one.campaign_lists[0]!.videos.map((v) => v.submitted_at);
    expect(submitted).toEqual([...submitted].sort().reverse());
  });

  it('is the acting brand\'s only', async () => {
    // A brand the manager is no member of (without an order, PostgreSQL may answer the manager's second own brand).
    const other = (await firstValue(w.sql, 'SELECT id FROM brands WHERE id NOT IN (SELECT brand_id FROM brand_members WHERE user_id = ?) ORDER BY id LIMIT 1', [w.userId])) as string;
    expect((await w.get(`/jwt_api/manufacturers/${other}/campaign_lists`, { brand_id: undefined })).statusCode).toBe(404);
    // Named in the path and another brand in the query: which one the call acts for cannot be told, so neither.
    expect((await w.get(`/jwt_api/manufacturers/${other}/campaign_lists`)).json()).toMatchObject({ message: MESSAGES.brandMismatch });
    const foreign = (await firstValue(w.sql, 'SELECT id FROM campaigns WHERE brand_id <> ? LIMIT 1', [w.brandId])) as string;
    expect((await w.get(`/jwt_api/manufacturers/${w.brandId}/campaign_lists`, { campaign_id: foreign })).statusCode).toBe(404);
  });
});
