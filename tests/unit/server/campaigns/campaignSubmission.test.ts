import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/server/app';
import { SUBMISSION_MESSAGES, SUBMISSIONS_PER_WINDOW } from '../../../../src/shared/http/campaignSubmission.schemas';
import type { Campaign, CampaignLists } from '../../../../src/shared/http/campaigns.schemas';
import { UPLOAD_MESSAGES } from '../../../../src/shared/http/uploads.schemas';
import type { VideoListResponse } from '../../../../src/shared/http/videos.schemas';
import { multipartBody } from '../uploads/support/multipart';
import { useVideoWorkspace, WORKSPACE_NOW } from '../videos/support/videoWorkspace';
import { firstValue } from '../support/testEngine';

const workspace = useVideoWorkspace();
let w: ReturnType<typeof useVideoWorkspace>['w'];
/**
 * The submission limit is held in the database, shared by every app on the workspace as by every instance of a team
 * server: each test, and each extra app below, starts from a fresh window for the one address all requests come from.
 */
const freshSubmissionWindow = async () => void (await w.sql.run("DELETE FROM limiter_attempts WHERE scope = 'submission'"));
beforeEach(async () => {
  w = workspace.w;
  await freshSubmissionWindow();
});

// The first bytes of an MP4 (an ftyp box): the type checks read the name and the declared type, as the app's upload does.
const MP4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), randomBytes(2048)]);
const HOSTILE = 'Glow <script>alert("x")</script> & "friends"';
const BRIEF = { description: 'Show your morning routine.', start_date: '2026-11-01', start_time: '09:00', end_date: '2027-01-31', end_time: '18:00' };

type App = typeof w.app;
const uploadsDir = () => join(w.dataDir, 'media', 'uploads');
const storedUploads = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).sort() : []);

async function campaign(fields: Record<string, unknown>, publish: boolean): Promise<Campaign> {
  const created = await w.send('POST', '/jwt_api/campaigns', { publish, campaign: { campaign_headline: HOSTILE, ...BRIEF, ...fields } });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().campaign as Campaign;
}

function submit(id: string, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }, app: App = w.app) {
  const { payload, headers } = multipartBody(fields, file ? [{ field: 'video', ...file }] : []);
  return app.inject({ method: 'POST', url: `/campaigns/${id}/submissions`, payload, headers });
}

const creator = { name: 'Maya Lindqvist', email: 'maya@example.com' };

/** Another app on the same workspace: a fresh submission window (one address may send 10 per window), its own upload limit. */
async function withApp(uploadMaxBytes: number | undefined, use: (app: App) => Promise<void>): Promise<void> {
  await freshSubmissionWindow();
  const app = await buildApp({ sql: w.sql, jwtSecret: randomBytes(64), dataDir: w.dataDir, now: () => new Date(WORKSPACE_NOW), ...(uploadMaxBytes ? { uploadMaxBytes } : {}) });
  try {
    await use(app);
  } finally {
    await app.close();
  }
}

describe('the campaign submission page', () => {
  it("names the campaign's time zone by its region, not a season's name (no 'Daylight Time' in December)", async () => {
    const open = await campaign({ campaign_timezone: 'Pacific Daylight Time' }, true);
    const page = await w.app.inject({ method: 'GET', url: `/campaigns/${open._id}/submit` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('(Pacific Time (Los Angeles)).');
    expect(page.body).not.toContain('Daylight Time');
  });

  it('serves the open campaign publicly with its text escaped, its colours, and a strict CSP whose nonce alone runs', async () => {
    const open = await campaign({ campaign_button_color: '#1D4ED8', preview_color_change: '#FAFAF5', campaign_reward: '<b>$80</b>' }, true);
    const page = await w.app.inject({ method: 'GET', url: `/campaigns/${open._id}/submit` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(page.body).toContain('Glow &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#34;friends&#34;');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('&#60;b&#62;$80&#60;/b&#62;');
    // Every script and style element carries the nonce.
    expect(page.body.match(/<script\b[^>]*>/g)).toEqual([`<script nonce="${nonce}">`]);
    expect(page.body.match(/<style\b[^>]*>/g)).toEqual([`<style nonce="${nonce}">`]);
    expect(page.body).toContain('--button: #1D4ED8');
    expect(page.body).toContain('--page: #FAFAF5');
    expect(page.body).toContain('<form id="submit-form"');
  });

  it('says so for a draft, an ended, a deleted and an unknown campaign, on the page and on submit, storing nothing', async () => {
    const draft = await campaign({}, false);
    const ended = await campaign({}, true);
    await w.sql.run("UPDATE campaigns SET end_date = '2026-10-01' WHERE id = ?", [ended._id]);
    const deleted = await campaign({}, true);
    expect((await w.send('DELETE', `/jwt_api/campaigns/${deleted._id}`)).statusCode).toBe(200);
    const cases = [
      [draft._id, 403, SUBMISSION_MESSAGES.draft],
      [ended._id, 410, SUBMISSION_MESSAGES.ended],
      [deleted._id, 410, SUBMISSION_MESSAGES.deleted],
      ['0123456789abcdef01234567', 404, SUBMISSION_MESSAGES.unknown],
    ] as const;
    const before = storedUploads();
    for (const [id, status, message] of cases) {
      const page = await w.app.inject({ method: 'GET', url: `/campaigns/${id}/submit` });
      expect([page.statusCode, page.body.includes(message), page.body.includes('<form')]).toEqual([status, true, false]);
      // A draft's brief is not public yet.
      if (id === draft._id) expect(page.body).not.toContain('Glow');
      const sent = await submit(id, creator, { name: 'clip.mp4', type: 'video/mp4', data: MP4 });
      expect([sent.statusCode, sent.json().message]).toEqual([status, message]);
    }
    expect(storedUploads()).toEqual(before);
    expect(await firstValue(w.sql, 'SELECT COUNT(*) FROM campaign_videos WHERE campaign_id IN (?, ?, ?)', [draft._id, ended._id, deleted._id])).toBe(0);
  });

  it('takes a video file into the brand\'s Campaigns tab and the campaign\'s list, with who sent it', async () => {
    const open = await campaign({}, true);
    const sent = await submit(open._id, creator, { name: 'Morning routine.mp4', type: 'video/mp4', data: MP4 });
    expect(sent.statusCode, sent.body).toBe(200);
    const { video_id, message } = sent.json() as { video_id: string; message: string };
    expect(message).toContain('Thank you, Maya Lindqvist');
    expect(existsSync(join(uploadsDir(), `${video_id}.mp4`))).toBe(true);
    const lists = (await w.get(`/jwt_api/manufacturers/${w.brandId}/campaign_lists`, { campaign_id: open._id })).json() as CampaignLists;
    expect(lists.campaign_lists[0]!.videos.map((v) => [v._id, v.submitter_name, v.submitter_email])).toEqual([[video_id, creator.name, creator.email]]);
    const tab = (await w.get('/jwt_api/videos', { tab: 'Campaigns', per_page: '1000' })).json() as VideoListResponse;
    expect(tab.videos.map((v) => v._id)).toContain(video_id);
    expect(((await w.get(`/jwt_api/campaigns/${open._id}`)).json().campaign as Campaign).submitted_videos).toBe(1);
    // The person who sent it is the video's creator, not "—"; a second video from the same name joins the same creator.
    const detail = (await w.get(`/jwt_api/videos/${video_id}`)).json().video as { creator_name: string | null; creator_id: string | null };
    expect(detail.creator_name).toBe(creator.name);
    const again = await submit(open._id, { ...creator, name: ' maya lindqvist ', url: 'youtube.com/watch?v=9bZkp7q19f0' });
    expect(((await w.get(`/jwt_api/videos/${again.json().video_id}`)).json().video as { creator_id: string }).creator_id).toBe(detail.creator_id);
  });

  it('gives the last place of a campaign to one of two creators sending at the same moment; the other is told it is full', async () => {
    const open = await campaign({ campaign_video_limit: 1 }, true);
    const before = storedUploads();
    // Its own app: its own per-address submission limit, so the other tests' budget is untouched.
    await withApp(undefined, async (app) => {
    // Both pass the check made before their uploads are read; only the store decides.
    const [first, second] = await Promise.all([
      submit(open._id, creator, { name: 'one.mp4', type: 'video/mp4', data: MP4 }, app),
      submit(open._id, { ...creator, name: 'Ana Souza' }, { name: 'two.mp4', type: 'video/mp4', data: MP4 }, app),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().message).toBe(SUBMISSION_MESSAGES.full);
    expect(((await w.get(`/jwt_api/campaigns/${open._id}`)).json().campaign as Campaign).submitted_videos).toBe(1);
    // The refused upload left no file behind.
    expect(storedUploads().length - before.length).toBe(1);
    const link = await submit(open._id, { ...creator, url: 'youtube.com/watch?v=dQw4w9WgXcQ' }, undefined, app);
    expect([link.statusCode, link.json().message]).toEqual([409, SUBMISSION_MESSAGES.full]);
    });
  });

  it('takes a link from a supported platform and refuses any other', async () => {
    const open = await campaign({}, true);
    const sent = await submit(open._id, { ...creator, url: 'youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(sent.statusCode, sent.body).toBe(200);
    const lists = (await w.get(`/jwt_api/manufacturers/${w.brandId}/campaign_lists`, { campaign_id: open._id })).json() as CampaignLists;
    expect(lists.campaign_lists[0]!.videos.map((v) => v._id)).toEqual([sent.json().video_id]);
    const other = await submit(open._id, { ...creator, url: 'https://example.com/my-video' });
    expect([other.statusCode, other.json().message]).toEqual([400, UPLOAD_MESSAGES.unsupportedUrl]);
  });

  it('refuses bad uploads with the app\'s own messages and leaves no file behind', async () => {
    const open = await campaign({}, true);
    const before = storedUploads();
    await withApp(undefined, async (app) => {
      const refused = [
        [await submit(open._id, creator, { name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') }, app), 415, UPLOAD_MESSAGES.notAVideo],
        [await submit(open._id, creator, { name: 'clip.mp4', type: 'image/png', data: MP4 }, app), 415, UPLOAD_MESSAGES.notAVideo],
        [await submit(open._id, creator, { name: 'clip.mov', type: 'video/quicktime', data: MP4 }, app), 415, UPLOAD_MESSAGES.notAVideo],
        [await submit(open._id, creator, { name: 'empty.mp4', type: 'video/mp4', data: Buffer.alloc(0) }, app), 400, SUBMISSION_MESSAGES.videoMissing],
        [await submit(open._id, { ...creator, email: 'not-an-email' }, { name: 'clip.mp4', type: 'video/mp4', data: MP4 }, app), 400, SUBMISSION_MESSAGES.emailInvalid],
        [await submit(open._id, { ...creator, name: ' ' }, { name: 'clip.mp4', type: 'video/mp4', data: MP4 }, app), 400, SUBMISSION_MESSAGES.nameMissing],
        [await submit(open._id, creator, undefined, app), 400, SUBMISSION_MESSAGES.videoMissing],
        [await submit(open._id, { ...creator, url: 'https://youtu.be/dQw4w9WgXcQ' }, { name: 'clip.mp4', type: 'video/mp4', data: MP4 }, app), 400, SUBMISSION_MESSAGES.both],
      ] as const;
      expect(refused.map(([answer]) => [answer.statusCode, answer.json().message])).toEqual(refused.map(([, status, message]) => [status, message]));
    });
    const json = await w.app.inject({ method: 'POST', url: `/campaigns/${open._id}/submissions`, payload: creator });
    expect(json.statusCode).toBe(415);
    expect(storedUploads()).toEqual(before);
    expect(((await w.get(`/jwt_api/campaigns/${open._id}`)).json().campaign as Campaign).submitted_videos).toBe(0);
  });

  it('refuses a file over the upload limit (declared or streamed) and limits how often one address submits', async () => {
    const open = await campaign({}, true);
    await withApp(1000, async (small) => {
      const before = storedUploads();
      const big = await submit(open._id, creator, { name: 'big.mp4', type: 'video/mp4', data: MP4 }, small);
      expect([big.statusCode, big.json().message]).toEqual([413, UPLOAD_MESSAGES.tooLarge]);
      const declared = await submit(open._id, creator, { name: 'huge.mp4', type: 'video/mp4', data: Buffer.concat([MP4, Buffer.alloc(400 * 1024)]) }, small);
      expect([declared.statusCode, declared.json().message]).toEqual([413, UPLOAD_MESSAGES.tooLarge]);
      expect(storedUploads()).toEqual(before);
      for (let attempt = 3; attempt <= SUBMISSIONS_PER_WINDOW; attempt += 1) await submit(open._id, creator, undefined, small);
      const limited = await submit(open._id, { ...creator, url: 'https://youtu.be/dQw4w9WgXcQ' }, undefined, small);
      expect([limited.statusCode, limited.json().message]).toEqual([429, SUBMISSION_MESSAGES.tooMany]);
    });
  });

  it('survives a creator\'s connection dropped mid-upload: the partial file is removed and the back end keeps answering', async () => {
    const open = await campaign({}, true);
    await withApp(undefined, async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const before = storedUploads();
      const boundary = 'reelscopedrop';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${creator.name}\r\n--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${creator.email}\r\n`
        + `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(`POST /campaigns/${open._id}/submissions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`);
      socket.write(head);
      socket.write(MP4);
      socket.write(randomBytes(256 * 1024));
      // Wait (no clock) until the file has started to land, then cut the connection.
      while (storedUploads().length === before.length) await sleep(20);
      socket.destroy();
      while (storedUploads().length !== before.length) await sleep(20);
      expect(storedUploads()).toEqual(before);
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      expect(((await w.get(`/jwt_api/campaigns/${open._id}`)).json().campaign as Campaign).submitted_videos).toBe(0);
    });
  });
});

describe('the product rating a campaign asks for', () => {
  it('the page asks for 1 to 5 stars, a submission without them stores nothing, and the rating sent is kept with the video', async () => {
    const rated = await campaign({ campaign_allow_rating: true }, true);
    const page = await w.app.inject({ method: 'GET', url: `/campaigns/${rated._id}/submit` });
    expect(page.body).toContain('Your rating of the product');
    expect(page.body.match(/name="rating" value="\d"/g)).toHaveLength(5);

    const before = storedUploads();
    const unrated = await submit(rated._id, creator, { name: 'clip.mp4', type: 'video/mp4', data: MP4 });
    expect(unrated.statusCode).toBe(400);
    expect(unrated.json().message).toBe(SUBMISSION_MESSAGES.ratingMissing);
    expect((await submit(rated._id, { ...creator, rating: '6' }, { name: 'clip.mp4', type: 'video/mp4', data: MP4 })).statusCode).toBe(400);
    expect(storedUploads()).toEqual(before);

    const sent = await submit(rated._id, { ...creator, rating: '4' }, { name: 'clip.mp4', type: 'video/mp4', data: MP4 });
    expect(sent.statusCode, sent.body).toBe(200);
    const lists = (await w.get(`/jwt_api/manufacturers/${w.brandId}/campaign_lists`, { campaign_id: rated._id })).json() as CampaignLists;
    expect(lists.campaign_lists[0]!.videos.map((v) => [v._id, v.submitter_rating])).toEqual([[sent.json().video_id, 4]]);
  });

  it('a campaign that asks for no rating shows no stars and keeps none a hand-made form sends', async () => {
    const plain = await campaign({ campaign_allow_rating: false }, true);
    expect((await w.app.inject({ method: 'GET', url: `/campaigns/${plain._id}/submit` })).body).not.toContain('Your rating of the product');
    const sent = await submit(plain._id, { ...creator, rating: '5' }, { name: 'clip.mp4', type: 'video/mp4', data: MP4 });
    expect(sent.statusCode, sent.body).toBe(200);
    const lists = (await w.get(`/jwt_api/manufacturers/${w.brandId}/campaign_lists`, { campaign_id: plain._id })).json() as CampaignLists;
    expect(lists.campaign_lists[0]!.videos.map((v) => v.submitter_rating)).toEqual([null]);
  });
});
