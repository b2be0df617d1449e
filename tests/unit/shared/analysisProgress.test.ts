import { describe, expect, it } from 'vitest';
import { ANALYSIS_STEPS as ENGINE_STEPS } from '../../../src/server/analysis/engines';
import { ANALYSIS_STEPS, ANALYSIS_STEP_LABELS, ANALYSIS_TEXTS, describeProgress, emptyTrackText, isLinkWithoutFile } from '../../../src/shared/analysisProgress';
import { VideoStatusResponseSchema } from '../../../src/shared/http/uploads.schemas';
import { AnalysisSettingsSchema, formatModelSize, SPEECH_MODEL_BYTES } from '../../../src/shared/http/analysisSettings.schemas';
import { TranscriptLineSchema } from '../../../src/shared/domain/video';

const local = { analysis_stage: 'completed', platform: 'Reelscope_AWS_S3', media_file: 'v1.mp4', speechReason: null };

describe('analysis progress texts (issue 41)', () => {
  it("copies the engines' step list exactly and labels every step", () => {
    expect(ANALYSIS_STEPS).toEqual(ENGINE_STEPS);
    for (const step of ANALYSIS_STEPS) expect(ANALYSIS_STEP_LABELS[step]).toMatch(/^[A-Z]/);
  });

  it('says the step and a whole percent, rounded down', () => {
    expect(describeProgress({ step: 'transcribing', fraction: 0.4 })).toBe('Transcribing speech · 40 %');
    expect(describeProgress({ step: 'storing', fraction: 0.996 })).toBe('Storing the results · 99 %');
    expect(describeProgress({ step: 'decoding_audio', fraction: 1 })).toBe('Reading the sound · 100 %');
  });

  it('tells an empty track apart: no speech, no text on screen, still running, a link, speech never read', () => {
    expect(emptyTrackText('speech', local)).toBe(ANALYSIS_TEXTS.noSpeech);
    expect(emptyTrackText('speech', { ...local, speechReason: ANALYSIS_TEXTS.noSpeech })).toBe(ANALYSIS_TEXTS.noSpeech);
    expect(emptyTrackText('screen', local)).toBe(ANALYSIS_TEXTS.noScreenText);
    expect(emptyTrackText('all', local)).toBe('No speech and no text on screen in this video');
    expect(emptyTrackText('speech', { ...local, analysis_stage: 'processing' })).toBe('Transcript not analysed yet: the analysis is still running.');
    expect(emptyTrackText('screen', { ...local, analysis_stage: 'pending' })).toBe('Text on screen not analysed yet: the analysis is still running.');
    expect(emptyTrackText('all', { ...local, platform: 'Youtube', media_file: null })).toBe("Transcript not analysed: this link's video is not on this computer.");
    expect(emptyTrackText('screen', { ...local, platform: 'Youtube', media_file: null })).toBe("Text on screen not analysed: this link's video is not on this computer.");
    expect(emptyTrackText('speech', { ...local, speechReason: 'not analysed: no speech engine set up' })).toBe('Transcript not analysed: no speech engine set up.');
  });

  it('knows a link video by its platform and missing file', () => {
    expect(isLinkWithoutFile({ platform: 'Tiktok', media_file: null })).toBe(true);
    expect(isLinkWithoutFile({ platform: 'Tiktok', media_file: 'added.mp4' })).toBe(false);
    expect(isLinkWithoutFile({ platform: 'Dropbox', media_file: null })).toBe(false);
  });
});

describe('the schemas stay additive', () => {
  it('reads a status without progress or failure (older back end) and one with them', () => {
    const base = {
      video_id: 'v1', analysis_stage: 'processing', due_at: null,
      analysis: { transcript_source: null, transcript_lines: 0, note: null, language: null, sentiment: null, topics: [], keywords: [], foul_language: null, mentions: [], runs: 0, completed_at: null },
    };
    expect(VideoStatusResponseSchema.parse(base).progress).toBeUndefined();
    const parsed = VideoStatusResponseSchema.parse({ ...base, progress: { step: 'transcribing', fraction: 0.4 }, failure: null });
    expect(parsed.progress).toEqual({ step: 'transcribing', fraction: 0.4 });
    expect(() => VideoStatusResponseSchema.parse({ ...base, progress: { step: 'guessing', fraction: 0.4 } })).toThrow();
    expect(() => VideoStatusResponseSchema.parse({ ...base, progress: { step: 'storing', fraction: 1.5 } })).toThrow();
  });

  it('reads a transcript line with or without its track', () => {
    const line = { line_no: 0, start_time: 1, content: 'hi', sentiment: 'neutral', speaker: null };
    expect(TranscriptLineSchema.parse(line).track).toBeUndefined();
    expect(TranscriptLineSchema.parse({ ...line, track: 'screen' }).track).toBe('screen');
  });

  it('reads the analysis settings and says model sizes as whisper.cpp does', () => {
    const settings = { speech_engine: 'local', speech_model: 'base', service: { configured: false, url_host: null }, model_state: 'missing', model_bytes: SPEECH_MODEL_BYTES.base, workers: 2 };
    expect(AnalysisSettingsSchema.parse(settings)).toEqual(settings);
    expect(formatModelSize(SPEECH_MODEL_BYTES.base)).toBe('142 MB');
    expect(formatModelSize(SPEECH_MODEL_BYTES.small)).toBe('466 MB');
  });
});
