import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FFMPEG_MISSING_NOTE } from '../../../../src/server/analysis/embeddedSubtitles';
import { REMOTE_VIDEO_NOTE } from '../../../../src/server/analysis/transcriptSource';
import { DELAY_MS, openUploadWorkspace, type UploadWorkspace } from '../uploads/support/uploadWorkspace';
import { firstValue, firstValues } from '../support/testEngine';
import { NOT_ANALYSED_REASONS } from '../../../../src/shared/messages';

const srt = readFileSync(join(import.meta.dirname, 'fixtures', 'review.srt'));
let w: UploadWorkspace;
afterEach(async () => w?.close());

/** Creates an own-storage video through the routes and PUTs its bytes (and optionally its .srt). */
async function upload(ws: UploadWorkspace, body: Buffer, subtitle?: Buffer): Promise<string> {
  const created = (await ws.inject('POST', '/second/video/create-upload-url/review.mp4', { title: 'My review' })).json();
  if (subtitle) {
    const sub = await ws.app.inject({ method: 'PUT', url: created.subtitleUrl, payload: subtitle, headers: { 'content-type': 'application/x-subrip' } });
    expect(sub.statusCode).toBe(200);
  }
  const put = await ws.app.inject({ method: 'PUT', url: created.url, payload: body, headers: { 'content-type': 'video/mp4' } });
  expect(put.statusCode).toBe(200);
  return created.videoId as string;
}

describe('analysis pipeline (injected clock and timer: nothing waits)', () => {
  it('goes pending → processing → completed and computes transcript, sentiment, topics, language, safety and mentions from the .srt', async () => {
    w = await openUploadWorkspace();
    const id = await upload(w, Buffer.from('not really an mp4'), srt);
    expect(await w.stage(id)).toBe('pending');
    await w.advance(0);
    expect(await w.stage(id)).toBe('processing');
    await w.advance(DELAY_MS - 1);
    expect(await w.stage(id)).toBe('processing');
    await w.advance(1);
    expect(await w.settled(id)).toBeNull();
    expect(await w.stage(id)).toBe('completed');

    const row = (await w.sql.get<Record<string, string | number>>('SELECT language, topics, brand_safety, sentiment_positive, sentiment_negative, duration_seconds FROM videos WHERE id = ?', [id])) ?? {};
    expect(row.language).toBe('en');
    expect(JSON.parse(String(row.topics))).toEqual([
      { topic: 'Results', subTopics: ['Texture'] }, { topic: 'Value', subTopics: ['Price'] }, { topic: 'Packaging', subTopics: ['Dropper'] },
    ]);
    // Foul language is heard in the subtitles; there is no image engine, so visual content gets no label at all.
    expect(JSON.parse(String(row.brand_safety))).toEqual({ foul_language: 'mild' });
    // The line running down Dewbloom Beauty's essence is the competitor's: the video's shares are of the other eight.
    expect([row.sentiment_positive, row.sentiment_negative, row.duration_seconds]).toEqual([0.375, 0.25, 28]);
    const lines = await w.sql.all<{ content: string; sentiment: string; start_time: number }>('SELECT line_no, start_time, content, sentiment FROM transcript_lines WHERE video_id = ? ORDER BY line_no', [id]);
    expect(lines).toHaveLength(9);
    expect(lines[5]).toMatchObject({ content: 'これは素晴らしい美容液です。毎日使っています。', start_time: 16.5, sentiment: 'neutral' });
    expect(lines[1]?.sentiment).toBe('positive');
    expect(await firstValues(w.sql, 'SELECT product_id FROM video_products WHERE video_id = ?', [id])).toEqual(['p-glow']);

    // The transcript search index follows the new lines (triggers), also for non-Latin text.
    const search = await w.inject('GET', `/jwt_api/videos/${id}/transcript?search=${encodeURIComponent('素晴らしい')}`);
    expect(search.json().transcription.map((line: { line_no: number }) => line.line_no)).toEqual([5]);

    const status = (await w.inject('GET', `/jwt_api/videos/${id}/status`)).json();
    expect(status).toMatchObject({ analysis_stage: 'completed', due_at: null });
    expect(status.analysis).toMatchObject({
      transcript_source: 'subtitle_file', transcript_lines: 9, note: null, language: 'en', runs: 1,
      sentiment: { positive: 0.375, negative: 0.25, neutral: 0.375 }, foul_language: { level: 'mild', matches: 1 },
    });
    expect(status.analysis.mentions.map((m: { name: string }) => m.name)).toEqual(['Dewbloom Beauty', 'Lumina Glow Serum', 'Lumina Skincare']);
    expect(status.analysis.mentions[0]).toMatchObject({ competitor: true, sentiment: { positive: 0, negative: 1, neutral: 0 } });

    const navbar = (await w.inject('GET', '/jwt_api/navbar_stats')).json().data;
    expect(navbar).toMatchObject({ video_count: 1, analysed_count: 1, pending_count: 0, first_video: { _id: id, analysis_stage: 'completed' } });
  });

  it('a competitor\'s product named in a glowing review takes the tone of the lines about it, in the video and the catalog', async () => {
    w = await openUploadWorkspace();
    const review = [
      'I have been using the Lumina Glow Serum every morning.',
      'I absolutely love it, my skin looks wonderful.',
      'The Dewbloom Rose Essence left my skin dry and the scent was too strong.',
      'Honestly it is the best serum I have tried.',
    ].map((line, index) => `${index + 1}\n00:00:0${index * 2},000 --> 00:00:0${index * 2 + 1},500\n${line}\n`).join('\n');
    const id = await upload(w, Buffer.from('x'), Buffer.from(review));
    await w.advance(0);
    await w.advance(DELAY_MS);
    expect(await w.settled(id)).toBeNull();
    await w.refresh();
    const status = (await w.inject('GET', `/jwt_api/videos/${id}/status`)).json();
    // Three lines are the brand's (two of praise); the complaint is about the essence and counts for it alone.
    expect(status.analysis.sentiment).toEqual({ positive: 0.667, negative: 0, neutral: 0.333 });
    const rose = status.analysis.mentions.find((m: { id: string }) => m.id === 'p-rose');
    expect(rose).toMatchObject({ competitor: true, count: 1, sentiment: { positive: 0, negative: 1, neutral: 0 } });
    const products = async (tab: string): Promise<Map<string, number>> => new Map(
      ((await w.inject('GET', `/jwt_api/products?tab=${encodeURIComponent(tab)}`)).json().products as { _id: string; sentiment: number }[])
        .map((product) => [product._id, product.sentiment]),
    );
    // Before, the essence took the video's overall share of praise: a complaint about it read as half positive.
    expect((await products('Competitors')).get('p-rose')).toBe(0);
    expect((await products('My Products')).get('p-glow')).toBe(0.667);

    // A second run writes the same link again: still one review of the essence, still its figure.
    expect((await w.inject('POST', '/second/reanalyze', { videoId: id })).statusCode).toBe(200);
    await w.advance(DELAY_MS);
    expect(await w.settled(id, 2)).toBeNull();
    await w.refresh();
    expect((await products('Competitors')).get('p-rose')).toBe(0);
    expect(await firstValue(w.sql, "SELECT video_reviews FROM products WHERE id = 'p-rose'")).toBe(1);
    // A run that reads the essence otherwise changes the link's share, and the catalog follows.
    await w.sql.run("UPDATE video_products SET sentiment_positive = 1 WHERE video_id = ? AND product_id = 'p-rose'", [id]);
    expect((await products('Competitors')).get('p-rose')).toBe(1);
  });

  it('a video without subtitles completes with an empty transcript and says why (remote link; ffmpeg missing)', async () => {
    w = await openUploadWorkspace({ ffmpeg: { ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' } });
    const linked = (await w.inject('POST', '/second/video/submit-video-url', { url: 'youtu.be/dQw4w9WgXcQ' })).json().video._id as string;
    const local = await upload(w, Buffer.from('bytes'));
    await w.advance(0);
    await w.advance(DELAY_MS);
    await Promise.all([w.settled(linked), w.settled(local)]);
    for (const [id, note] of [[linked, REMOTE_VIDEO_NOTE], [local, FFMPEG_MISSING_NOTE]] as const) {
      expect(await w.stage(id)).toBe('completed');
      const status = (await w.inject('GET', `/jwt_api/videos/${id}/status`)).json();
      expect(status.analysis).toMatchObject({ transcript_source: 'none', transcript_lines: 0, note, sentiment: null, foul_language: null });
      expect(await firstValue(w.sql, 'SELECT COUNT(*) FROM transcript_lines WHERE video_id = ?', [id])).toBe(0);
    }
  });

  it('a part not analysed says so and why, never a default that reads as a finding, and the list filters and Home leave it out', async () => {
    w = await openUploadWorkspace({ ffmpeg: { ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' } });
    const linked = (await w.inject('POST', '/second/video/submit-video-url', { url: 'youtu.be/dQw4w9WgXcQ' })).json().video._id as string;
    const local = await upload(w, Buffer.from('bytes'));
    const heard = await upload(w, Buffer.from('bytes'), srt);
    const paid = await upload(w, Buffer.from('bytes'), Buffer.from('1\n00:00:01,000 --> 00:00:04,000\nThis video is sponsored by Lumina Skincare.\n'));
    await w.advance(0);
    await w.advance(DELAY_MS);
    await Promise.all([w.settled(linked), w.settled(local), w.settled(heard), w.settled(paid)]);
    await w.refresh();
    const brand = `brand_id=${w.brandId}`;
    const cases = [[linked, NOT_ANALYSED_REASONS.linkNotLocal, NOT_ANALYSED_REASONS.linkNotLocal], [local, NOT_ANALYSED_REASONS.noSpeechEngine, NOT_ANALYSED_REASONS.noImageEngine]] as const;
    for (const [id, speech, visual] of cases) {
      const video = (await w.inject('GET', `/jwt_api/videos/${id}?${brand}`)).json().video;
      expect(video.analysis_stage).toBe('completed');
      expect(video.not_analysed).toEqual({ speech, visual_content: visual, demographics: NOT_ANALYSED_REASONS.noAudienceData, sponsored: speech });
      // No "Safe", no "None": nothing looked at the picture or heard the speech.
      expect(video.brand_safety).toEqual({ visual_content: null, foul_language: null });
      const sentiment = (await w.inject('GET', `/jwt_api/videos/${id}/sentiment?${brand}`)).json();
      expect(sentiment).toMatchObject({ sentiment: null, not_analysed: speech, highlights: [] });
      const audience = (await w.inject('GET', `/jwt_api/videos/${id}/demographics?${brand}`)).json();
      expect(audience).toMatchObject({ demographics: null, not_analysed: NOT_ANALYSED_REASONS.noAudienceData });
    }
    // The video whose subtitles were read has its speech analysed (no image engine and no audience figures still say so).
    const read = (await w.inject('GET', `/jwt_api/videos/${heard}?${brand}`)).json().video;
    expect(read.not_analysed).toEqual({ speech: null, visual_content: NOT_ANALYSED_REASONS.noImageEngine, demographics: NOT_ANALYSED_REASONS.noAudienceData, sponsored: null });
    expect(read.brand_safety).toEqual({ visual_content: null, foul_language: 'mild' });
    expect((await w.inject('GET', `/jwt_api/videos/${heard}/sentiment?${brand}`)).json()).toMatchObject({ sentiment: { positive: 0.375, negative: 0.25 }, not_analysed: null });

    // Filters: "not sponsored", "no foul language" and "safe" are findings the two unheard videos do not have.
    const count = async (filters: object) => {
      const response = await w.inject('GET', `/jwt_api/videos?${brand}&filters=${encodeURIComponent(JSON.stringify(filters))}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.count as number;
    };
    expect(await count({})).toBe(4);
    // List rows: no sentiment bar for a video never heard (its stored zeros would draw as 0 % positive).
    const rows = (await w.inject('GET', `/jwt_api/videos?${brand}`)).json().videos as { _id: string; sentiment: object | null }[];
    expect(Object.fromEntries(rows.map((row) => [row._id, row.sentiment === null]))).toEqual({ [linked]: true, [local]: true, [heard]: false, [paid]: false });
    expect(await count({ sponsored: { sponsorship: false } })).toBe(1);
    // A sponsorship said aloud is found in the transcript.
    expect(await count({ sponsored: { sponsorship: true } })).toBe(1);
    expect((await w.inject('GET', `/jwt_api/videos/${paid}?${brand}`)).json().video.sponsored).toBe(true);
    expect(await count({ brand_safety: { foul_language: ['none', 'mild', 'strong'] } })).toBe(2);
    expect(await count({ brand_safety: { visual_content: ['safe', 'caution', 'unsafe'] } })).toBe(0);

    // Home's sentiment is the mean of the two heard videos alone (the other two's stored zeros would pull it down).
    const shares = await Promise.all([heard, paid].map(async (id) => (await w.inject('GET', `/jwt_api/videos/${id}/sentiment?${brand}`)).json().sentiment.positive as number));
    const kpis = (await w.inject('GET', `/jwt_api/home?${brand}`)).json().kpis;
    expect(kpis.videos.current).toBe(4);
    expect(kpis.positive.current).toBeCloseTo((shares[0]! + shares[1]!) / 2, 9);
  });

  it('reads a subtitle stream inside the video with ffmpeg when there is no file beside it', async () => {
    w = await openUploadWorkspace();
    const dir = w.dataDir;
    const srtPath = join(dir, 'in.srt');
    writeFileSync(srtPath, '1\n00:00:00,500 --> 00:00:01,500\nThe Lumina Glow Serum is excellent.\n');
    const mp4 = join(dir, 'with-subs.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=64x64:d=2', '-i', srtPath, '-c:v', 'libx264', '-c:s', 'mov_text', '-y', mp4]);
    const id = await upload(w, readFileSync(mp4));
    await w.advance(0);
    await w.advance(DELAY_MS);
    expect(await w.settled(id)).toBeNull();
    const status = (await w.inject('GET', `/jwt_api/videos/${id}/status`)).json();
    expect(status.analysis).toMatchObject({ transcript_source: 'embedded_stream', transcript_lines: 1, sentiment: { positive: 1, negative: 0, neutral: 0 } });
    expect(await firstValues(w.sql, 'SELECT content FROM transcript_lines WHERE video_id = ?', [id])).toEqual(['The Lumina Glow Serum is excellent.']);
  });

  it('gives an uploaded file its real length and a poster frame from the file, served as a public image', async () => {
    w = await openUploadWorkspace();
    const mp4 = join(w.dataDir, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=s=320x180:d=4', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', mp4]);
    const id = await upload(w, readFileSync(mp4));
    await w.advance(0);
    await w.advance(DELAY_MS);
    expect(await w.settled(id)).toBeNull();
    const row = (await w.sql.get<{ thumbnail_url: string | null; duration_seconds: number }>('SELECT thumbnail_url, duration_seconds FROM videos WHERE id = ?', [id]))!;
    expect(row.duration_seconds).toBe(4);
    expect(row.thumbnail_url).toBe(`/media/thumbnails/${id}.jpg`);
    const image = await w.inject('GET', row.thumbnail_url!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', '-'], { input: image.rawPayload }).toString().trim();
    expect(probe).toBe('640,360');
  });

  it('keeps an uploaded video without a thumbnail when ffmpeg is missing, and still completes it', async () => {
    w = await openUploadWorkspace({ ffmpeg: { ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' } });
    const id = await upload(w, Buffer.from('not really a video'));
    await w.advance(0);
    await w.advance(DELAY_MS);
    expect(await w.settled(id)).toBeNull();
    expect(await firstValue(w.sql, 'SELECT thumbnail_url FROM videos WHERE id = ?', [id])).toBeNull();
    expect(readdirSync(w.dataDir, { recursive: true }).filter((name) => String(name).includes('.part.'))).toEqual([]);
  });

  it('resumes a pending video after a restart, keeping the time already spent', async () => {
    w = await openUploadWorkspace();
    const id = await upload(w, Buffer.from('x'), srt);
    expect(await w.stage(id)).toBe('pending');
    await w.closeApp();
    w.clock.advance(DELAY_MS / 2);
    const { dataDir, user, clock } = w;
    w = await openUploadWorkspace({ reuse: { dataDir, user, clock } });
    expect(w.timer.scheduled()).toBe(1);
    await w.advance(0);
    expect(await w.stage(id)).toBe('processing');
    await w.advance(DELAY_MS / 2);
    expect(await w.settled(id)).toBeNull();
    expect(await w.stage(id)).toBe('completed');
    expect(await firstValue(w.sql, 'SELECT COUNT(*) FROM transcript_lines WHERE video_id = ?', [id])).toBe(9);
  });

  it('re-analyze runs the pipeline again on the stored transcript and keeps the answer shape', async () => {
    w = await openUploadWorkspace();
    const id = await upload(w, Buffer.from('x'), srt);
    await w.advance(0);
    await w.advance(DELAY_MS);
    await w.settled(id);
    const again = await w.inject('POST', '/second/reanalyze', { videoId: id });
    expect(again.json()).toEqual({ message: expect.stringMatching(/Re-analysis/) });
    expect(await w.stage(id)).toBe('processing');
    await w.advance(DELAY_MS);
    expect(await w.settled(id, 2)).toBeNull();
    await w.refresh();
    const status = (await w.inject('GET', `/jwt_api/videos/${id}/status`)).json();
    expect(status).toMatchObject({ analysis_stage: 'completed', analysis: { runs: 2, transcript_source: 'subtitle_file', transcript_lines: 9 } });
  });
  it('re-analysis replaces a result only with a new one: a transcript it cannot read keeps its lines, their feelings, sentiment, topics and language', async () => {
    w = await openUploadWorkspace();
    // As the demo seed stores a video of its platform: a Japanese transcript with its feelings, figures and topics.
    const id = (await w.inject('POST', '/second/video/submit-video-url', { url: 'youtu.be/dQw4w9WgXcQ' })).json().video._id as string;
    await w.advance(0);
    await w.advance(DELAY_MS);
    await w.settled(id);
    const said: [string, string][] = [['この美容液は本当に素晴らしいです。', 'positive'], ['ベタつきが気になりました。', 'negative'], ['毎朝使っています。', 'neutral'], ['肌がしっとりします。', 'positive']];
    for (const [index, [content, sentiment]] of said.entries()) {
      await w.sql.run('INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment, speaker) VALUES (?, ?, ?, ?, ?, ?)', [id, index, index * 4, content, sentiment, null]);
    }
    const topics = JSON.stringify([{ topic: 'Results', subTopics: ['Texture'] }]);
    await w.sql.run("UPDATE videos SET language = 'ja', sentiment_positive = 0.5, sentiment_negative = 0.25, topics = ? WHERE id = ?", [topics, id]);
    const before = await w.sql.all('SELECT line_no, content, sentiment FROM transcript_lines WHERE video_id = ? ORDER BY line_no', [id]);

    expect((await w.inject('POST', '/second/reanalyze', { videoId: id })).statusCode).toBe(200);
    await w.advance(DELAY_MS);
    expect(await w.settled(id, 2)).toBeNull();
    await w.refresh();

    expect(await w.sql.all('SELECT line_no, content, sentiment FROM transcript_lines WHERE video_id = ? ORDER BY line_no', [id])).toEqual(before);
    expect(await w.sql.get('SELECT language, sentiment_positive, sentiment_negative, topics FROM videos WHERE id = ?', [id]))
      .toEqual({ language: 'ja', sentiment_positive: 0.5, sentiment_negative: 0.25, topics });
    const status = (await w.inject('GET', `/jwt_api/videos/${id}/status`)).json();
    expect(status.analysis).toMatchObject({ transcript_source: 'stored', transcript_lines: 4, language: 'ja', sentiment: { positive: 0.5, negative: 0.25, neutral: 0.25 } });
    const transcript = (await w.inject('GET', `/jwt_api/videos/${id}/transcript`)).json();
    expect(transcript.transcription.map((line: { sentiment: string }) => line.sentiment)).toEqual(['positive', 'negative', 'neutral', 'positive']);
  });
});
