/**
 * The analysis hears and reads an uploaded video end to end, through the real worker processes and engines: Silero
 * VAD and the audio labeller on speech spoken by espeak-ng, whisper.cpp on a model file this test writes (it says a
 * chosen text, so the transcript is known exactly), PaddleOCR on text ffmpeg draws into the picture, and the
 * pipeline's one transaction. No stand-in anywhere.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_SOUND_NOTE, NO_SPEECH_NOTE } from '../../../../src/server/analysis/media/hearAndRead';
import { workerMediaAnalyser } from '../../../../src/server/analysis/media/workerMediaAnalyser';
import type { MediaAnalyser } from '../../../../src/server/analysis/media/mediaAnalyser';
import { openUploadWorkspace, type UploadWorkspace } from '../uploads/support/uploadWorkspace';
import { chord, concat, espeak, silence, writeWav } from './support/audioClips';
import { writeTinyWhisperModel } from './support/ggmlWhisperModel';
import { renderTextVideo } from './support/renderedText';

const dir = mkdtempSync(join(tmpdir(), 'reelscope-hearing-'));
const model = join(dir, 'tiny-whisper.bin');
let analyser: MediaAnalyser;
let w: UploadWorkspace;

/** A 720p video with `sound` as its audio and each caption drawn at its seconds. */
async function video(name: string, sound: Float32Array | null, captions: { text: string; from: number; to: number }[], seconds: number): Promise<string> {
  const picture = await renderTextVideo(dir, captions.map((caption) => ({ ...caption, size: 'large' as const })), { seconds, background: 'plain', name: `${name}-picture` });
  if (!sound) return picture;
  const wav = await writeWav(join(dir, `${name}.wav`), sound);
  const out = join(dir, `${name}.mp4`);
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', picture, '-i', wav, '-c:v', 'copy', '-c:a', 'aac', '-shortest', out]);
  return out;
}

async function upload(ws: UploadWorkspace, file: string): Promise<string> {
  const created = (await ws.inject('POST', '/second/video/create-upload-url/review.mp4', { title: 'Morning routine' })).json();
  const put = await ws.app.inject({ method: 'PUT', url: created.url, payload: readFileSync(file), headers: { 'content-type': 'video/mp4' } });
  expect(put.statusCode).toBe(200);
  return created.videoId as string;
}

/** Runs the job now (the pipeline's manual timer) and waits for the worker to finish it. */
async function analyse(ws: UploadWorkspace, id: string): Promise<void> {
  await ws.advance(0);
  await ws.advance(10 * 60_000);
  expect(await ws.settled(id)).toBeNull();
}

beforeAll(() => {
  // The speech model says "I love the Lumina Glow Serum" over the first two seconds of each stretch of speech.
  writeTinyWhisperModel(model, [{ start: 0, end: 2, tokens: [' I', ' love', ' the', ' Lumina', ' Glow', ' Serum'] }]);
  analyser = workerMediaAnalyser({ env: { REELSCOPE_ANALYSIS_WORKERS: '1' }, cores: 2 });
});
afterAll(async () => {
  await analyser.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => w?.close());

const hearing = (dataDir: string) => ({ analyser, speech: { dataDir, service: null, modelFile: model, modelBaseUrl: null } });

describe('hearing and reading an uploaded video (real engines in worker processes)', () => {
  it('transcribes the speech, reads the words on screen, labels the sound and finds the disclosure', async () => {
    w = await openUploadWorkspace({ hearing });
    const speech = await espeak(dir, 'I really love the Lumina glow serum, it feels so light on my skin');
    const file = await video('review', concat(silence(1), speech, silence(2)), [{ text: 'GLOW SERUM 20% OFF #ad', from: 0, to: 3 }], 1 + speech.length / 16_000 + 2);
    const id = await upload(w, file);
    await analyse(w, id);

    const lines = await w.sql.all<{ content: string; track: string; start_time: number; end_time: number | null }>(
      'SELECT content, track, start_time, end_time FROM transcript_lines WHERE video_id = ? ORDER BY line_no', [id],
    );
    const spoken = lines.filter((line) => line.track === 'speech');
    expect(spoken.map((line) => line.content)).toEqual(['I love the Lumina Glow Serum']);
    // The stretch of speech starts about where espeak began (1 s, VAD padding aside), not at 0 (silence is not sent).
    expect(spoken[0]!.start_time).toBeGreaterThan(0.5);
    expect(spoken[0]!.start_time).toBeLessThan(1.3);
    const shown = lines.filter((line) => line.track === 'screen');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.content.toUpperCase()).toContain('20% OFF #AD');
    expect(shown[0]!.start_time).toBeLessThan(1);

    const row = await w.sql.get<Record<string, unknown>>('SELECT sponsored, sponsored_second, audio_labels, audio_classification, audio_label_shares, screen_text FROM videos WHERE id = ?', [id]);
    expect(row).toMatchObject({ sponsored: 1, sponsored_second: shown[0]!.start_time });
    expect(JSON.parse(String(row?.audio_labels))).toContain('Speech');
    const shares = JSON.parse(String(row?.audio_label_shares)) as Record<string, number>;
    expect(shares.speech).toBeGreaterThan(0.4);
    expect(shares.silence).toBeGreaterThan(0.1);

    const status = (await w.inject('GET', `/jwt_api/videos/${id}/status`)).json();
    expect(status.analysis).toMatchObject({ transcript_source: 'speech_to_text', transcript_lines: 1, screen_lines: 1, note: null, sponsor: { phrase: expect.stringMatching(/#ad/i) } });
    expect(status.analysis.speech_seconds).toBeGreaterThan(2);
    // The product named on screen and in speech is the brand's: it is counted in the video's products.
    expect((await w.sql.all('SELECT product_id FROM video_products WHERE video_id = ?', [id])).map((r) => (r as { product_id: string }).product_id)).toEqual(['p-glow']);

    // The plain search box finds it by a word written on screen; the transcript search by a word it says.
    const list = async (query: Record<string, string>) => {
      const params = new URLSearchParams({ brand_id: w.brandId, user_id: w.user.id, tab: 'My Videos', ...query });
      const answer = await w.inject('GET', `/jwt_api/videos?${params}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as { videos: { _id: string }[] }).videos.map((video) => video._id);
    };
    expect(await list({ search: '20% off' })).toEqual([id]);
    expect(await list({ search: 'lumina glow', search_in: 'transcript' })).toEqual([id]);
    expect(await list({ search: '#ad', search_in: 'on_screen' })).toEqual([id]);
  });

  it('a video of music says "No speech in this video", one without sound says so too, and neither reads as analysed speech', async () => {
    w = await openUploadWorkspace({ hearing });
    const music = await upload(w, await video('music', chord(4), [], 4));
    const mute = await upload(w, await video('mute', null, [], 3));
    await analyse(w, music);
    await w.settled(mute);
    for (const [id, note] of [[music, NO_SPEECH_NOTE], [mute, NO_SOUND_NOTE]] as const) {
      const status = (await w.inject('GET', `/jwt_api/videos/${id}/status`)).json();
      expect(status.analysis).toMatchObject({ transcript_source: 'none', transcript_lines: 0, note });
      expect(status.analysis.sentiment).toBeNull();
    }
    const musicRow = await w.sql.get<{ audio_classification: string }>('SELECT audio_classification FROM videos WHERE id = ?', [music]);
    expect(musicRow?.audio_classification).toBe('Music dominant');
    expect((await w.inject('GET', `/jwt_api/videos/${music}/status`)).json().analysis.speech_seconds).toBe(0);
  });
});
