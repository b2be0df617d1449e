import { describe, expect, it } from 'vitest';
import { readSummary } from '../../../../src/server/analysis/pipeline';
import { createAnalysisRepository, type AnalysisWrite } from '../../../../src/server/repositories/analysisRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike } from './support/brandVideoRows';
import { VIDEO_WRITE_ROWS } from './support/videoWriteRows';

const both = useBothEngines(`${VIDEO_WRITE_ROWS}
UPDATE videos SET analysis_stage = 'completed' WHERE id IN ('v5', 'v6');
INSERT INTO video_associations (video_id, associated_video_id, kind, score) VALUES ('v1', 'v2', 'same_product', 0.95);`);
const at = '2026-11-26T12:00:00.000Z';

const result = (lines: AnalysisWrite['lines'], heard: Pick<AnalysisWrite, 'screenLines' | 'audio' | 'sponsor'> = { screenLines: null, audio: null, sponsor: null }): AnalysisWrite => ({
  videoId: 'v1', brandId: 'b1', lines, ...heard, language: 'en', topics: [{ topic: 'Results', subTopics: ['Texture'] }],
  brandSafety: { visual_content: 'safe', foul_language: 'mild' }, sentiment: { positive: 0.5, negative: 0.25 }, sponsored: true, durationSeconds: 28,
  thumbnailUrl: null, transcriptSource: 'subtitle_file', note: null, summary: { ...readSummary('{}'), runs: 1 }, at, owner: 'i1',
  mentions: [
    { kind: 'product', id: 'p2', name: 'Cream', competitor: false, count: 2, first_time: 1 },
    { kind: 'brand', id: 'b2', name: 'Dewbloom', competitor: true, count: 1, first_time: 2 },
  ],
});

describe('the analysis repository answers alike on SQLite and PostgreSQL', () => {
  it('queues, marks and fails jobs with the video\'s stage; writes a result (lines, products, associations kept at their best score)', async () => {
    const answer = await answersAlike(both.engines(), async (sql) => {
      const repo = createAnalysisRepository(sql);
      await repo.queue('v1', 'pending', '2026-11-26T12:10:00.000Z', at);
      await repo.queue('v2', 'processing', '2026-11-26T12:05:00.000Z', at);
      const queued = [await repo.job('v1'), await repo.activeJobs()];
      await repo.markProcessing('v1', at);
      const claim = { owner: 'i1', now: at, leaseUntil: '2026-11-26T12:00:30.000Z' };
      await repo.claim('v2', claim);
      await repo.markFailed('v2', 'The analysis could not finish: unreadable', at, 'i1');
      const video = await repo.video('v1');
      const targets = await repo.targets('b1');
      await repo.claim('v1', claim);
      await repo.write(result([
        { start_time: 0.5, end_time: null, content: 'The Cream is great', sentiment: 'positive', speaker: null },
        { start_time: 2, end_time: null, content: 'Better than Dewbloom', sentiment: 'neutral', speaker: 'Maya' },
      ]));
      const stored = await repo.storedLines('v1');
      await repo.queue('v1', 'processing', '2026-11-26T12:10:00.000Z', at);
      await repo.claim('v1', claim);
      // A run that heard and read the file: its words on screen join the kept speech, the sound's labels and the disclosure land.
      await repo.progress('v1', 'i1', 'reading_screen', 0.4);
      const running = await repo.job('v1');
      const held = await repo.heldBy(['v1', 'v2'], 'i1');
      await repo.write(result(null, {
        screenLines: [{ start_time: 1, end_time: 3.5, content: '20% OFF #ad', sentiment: 'neutral', speaker: null }],
        audio: { shares: { speech: 0.6, music: 0.3, silence: 0.1, loud: 0 }, labels: ['Speech', 'Music'], classification: 'Speech with music' },
        sponsor: { sponsoredBy: 'Dewbloom', second: 1 },
      }));
      const bothTracks = await sql.all('SELECT line_no, start_time, end_time, content, track FROM transcript_lines WHERE video_id = ? ORDER BY line_no', ['v1']);
      const heardVideo = await sql.get('SELECT audio_labels, audio_classification, audio_label_shares, sponsored, sponsored_by, sponsored_second, screen_text FROM videos WHERE id = ?', ['v1']);
      // A try that failed with a sentence and is due again later: its claim let go, its tries counted.
      await repo.queue('v2', 'processing', '2026-11-26T12:05:00.000Z', at);
      await repo.claim('v2', claim);
      await repo.retryLater('v2', 'i1', { dueAt: '2026-11-26T12:30:00.000Z', attempts: 1, failure: 'Transcription failed: the service is busy', at });
      const retried = await repo.job('v2');
      const retriedHeld = await repo.heldBy(['v2'], 'i1');
      await repo.claim('v2', claim);
      await repo.markFailed('v2', 'The analysis could not finish: unreadable', at, 'i1');
      return {
        running: { step: running?.step, progress: running?.progress }, held: [...held], bothTracks, heardVideo,
        retried: { due_at: retried?.due_at, attempts: retried?.attempts, failure: retried?.failure }, retriedHeld: [...retriedHeld],
        queued, video, targets, stored, storedAgain: await repo.storedLines('v1'),
        jobs: await sql.all('SELECT video_id, state, runs, note, transcript_source, completed_at FROM analysis_jobs ORDER BY video_id'),
        stages: await sql.all("SELECT id, analysis_stage, language, topics, brand_safety, sentiment_positive, duration_seconds FROM videos WHERE id IN ('v1', 'v2') ORDER BY id"),
        products: await sql.all("SELECT product_id FROM video_products WHERE video_id = 'v1' ORDER BY product_id"),
        associations: await sql.all("SELECT associated_video_id, kind, score FROM video_associations WHERE video_id = 'v1' ORDER BY associated_video_id"),
      };
    });
    expect(answer.queued[0]).toMatchObject({ video_id: 'v1', state: 'queued', runs: 0 });
    expect((answer.queued[1] as { video_id: string }[]).map((job) => job.video_id)).toEqual(['v2', 'v1']);
    expect(answer.video).toMatchObject({ id: 'v1', brand_id: 'b1', media_file: null });
    expect(answer.targets.map((target) => [target.kind, target.id, target.competitor])).toEqual([
      ['product', 'p1', false], ['product', 'p2', false], ['brand', 'b1', false], ['brand', 'b2', true],
    ]);
    // Each stored line with its feeling: a re-analysis that cannot read a line keeps the feeling it had.
    expect(answer.stored).toEqual([{ start_time: 0.5, content: 'The Cream is great', sentiment: 'positive', speaker: null }, { start_time: 2, content: 'Better than Dewbloom', sentiment: 'neutral', speaker: 'Maya' }]);
    expect(answer.storedAgain).toEqual(answer.stored);
    expect(answer.running).toEqual({ step: 'reading_screen', progress: 0.4 });
    expect(answer.held).toEqual(['v1']);
    // The speech kept (null), the screen's line after it; the track tells them apart.
    expect(answer.bothTracks).toEqual([
      { line_no: 0, start_time: 0.5, end_time: null, content: 'The Cream is great', track: 'speech' },
      { line_no: 1, start_time: 2, end_time: null, content: 'Better than Dewbloom', track: 'speech' },
      { line_no: 1_000_000, start_time: 1, end_time: 3.5, content: '20% OFF #ad', track: 'screen' },
    ]);
    expect(answer.heardVideo).toEqual({
      audio_labels: '["Speech","Music"]', audio_classification: 'Speech with music', audio_label_shares: '{"speech":0.6,"music":0.3,"silence":0.1,"loud":0}',
      sponsored: 1, sponsored_by: 'Dewbloom', sponsored_second: 1, screen_text: '20% OFF #ad',
    });
    expect(answer.retried).toEqual({ due_at: '2026-11-26T12:30:00.000Z', attempts: 1, failure: 'Transcription failed: the service is busy' });
    expect(answer.retriedHeld).toEqual([]);
    expect(answer.jobs).toEqual([
      { video_id: 'v1', state: 'completed', runs: 2, note: null, transcript_source: 'subtitle_file', completed_at: at },
      { video_id: 'v2', state: 'failed', runs: 0, note: 'The analysis could not finish: unreadable', transcript_source: null, completed_at: null },
    ]);
    expect(answer.stages).toEqual([
      { id: 'v1', analysis_stage: 'completed', language: 'en', topics: '[{"topic":"Results","subTopics":["Texture"]}]', brand_safety: '{"visual_content":"safe","foul_language":"mild"}', sentiment_positive: 0.5, duration_seconds: 28 },
      expect.objectContaining({ id: 'v2', analysis_stage: 'completed' }),
    ]);
    expect(answer.products).toEqual([{ product_id: 'p1' }, { product_id: 'p2' }]);
    // v2 and v4 name Cream too (0.7 for two mentions; v2's stored 0.95 stays); the competitor's analysed videos get 0.6 (v5's stored 0.7 stays).
    expect(answer.associations).toEqual([
      { associated_video_id: 'v2', kind: 'same_product', score: 0.95 },
      { associated_video_id: 'v4', kind: 'same_product', score: 0.7 },
      { associated_video_id: 'v5', kind: 'competitor_mention', score: 0.7 },
      { associated_video_id: 'v6', kind: 'competitor_mention', score: 0.6 },
    ]);
  });
});
