import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FFMPEG_MISSING_NOTE } from '../../../../src/server/analysis/embeddedSubtitles';
import { REMOTE_VIDEO_NOTE } from '../../../../src/server/analysis/transcriptSource';
import { DELAY_MS, openUploadWorkspace, type UploadWorkspace } from '../uploads/support/uploadWorkspace';
import { firstValue, firstValues } from '../support/testEngine';

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
    expect(JSON.parse(String(row.brand_safety))).toEqual({ visual_content: 'safe', foul_language: 'mild' });
    expect([row.sentiment_positive, row.sentiment_negative, row.duration_seconds]).toEqual([0.5, 0.333, 28]);
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
      sentiment: { positive: 0.5, negative: 0.333, neutral: 0.167 }, foul_language: { level: 'mild', matches: 1 },
    });
    expect(status.analysis.mentions.map((m: { name: string }) => m.name)).toEqual(['Dewbloom Beauty', 'Lumina Glow Serum', 'Lumina Skincare']);

    const navbar = (await w.inject('GET', '/jwt_api/navbar_stats')).json().data;
    expect(navbar).toMatchObject({ video_count: 1, analysed_count: 1, pending_count: 0, first_video: { _id: id, analysis_stage: 'completed' } });
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
      expect(status.analysis).toMatchObject({ transcript_source: 'none', transcript_lines: 0, note, sentiment: { positive: 0, negative: 0, neutral: 0 } });
      expect(await firstValue(w.sql, 'SELECT COUNT(*) FROM transcript_lines WHERE video_id = ?', [id])).toBe(0);
    }
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
