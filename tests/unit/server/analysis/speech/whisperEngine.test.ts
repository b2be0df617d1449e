/**
 * The local speech-to-text path end to end: whisper.cpp (smart-whisper) loads a model file this test writes
 * (support/ggmlWhisperModel.ts: tiny dimensions, decoder blocks silenced so it says a chosen text at chosen seconds
 * while the real log-mel and encoder run) and transcribes speech espeak-ng says.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnalysisCancelled, AnalysisFault, PCM_SAMPLE_RATE } from '../../../../../src/server/analysis/engines';
import {
  DAMAGED_MODEL_SENTENCE, MISSING_MODEL_SENTENCE, checkWhisperModelFile, createWhisperEngine, isNonSpeech, pieceEnd,
} from '../../../../../src/server/analysis/speech/whisperEngine';
import { writeTinyWhisperModel } from '../support/ggmlWhisperModel';
import { spokenPcm } from '../support/whisperSpeech';

const SCRIPT = [
  { start: 0.5, end: 2.0, tokens: [' Glow', ' serum'] },
  { start: 2.0, end: 4.2, tokens: [' twenty', ' percent', ' off'] },
];

let dir: string;
let modelPath: string;
let speech: Float32Array;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'reelscope-whisper-'));
  modelPath = join(dir, 'tiny.bin');
  writeTinyWhisperModel(modelPath, SCRIPT);
  speech = spokenPcm(dir, 'Glow serum is twenty percent off today.', 6);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('whisper engine (smart-whisper on a model file the test writes)', () => {
  it('hears the chosen words at the chosen seconds of the video, in English', async () => {
    const engine = await createWhisperEngine(modelPath, { threads: 2 });
    const progress: number[] = [];
    try {
      const heard = await engine.transcribe(speech, { offsetSeconds: 120, onProgress: (fraction) => progress.push(fraction) });
      expect(heard).toEqual({
        language: 'en',
        lines: [
          { start: 120.5, end: 122, text: 'Glow serum' },
          { start: 122, end: 124.2, text: 'twenty percent off' },
        ],
      });
      expect(progress.at(-1)).toBe(1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    } finally {
      await engine.dispose();
    }
  });

  it('transcribes a long stretch in pieces cut at quiet moments, each at its own seconds; a language given is kept', async () => {
    // 70 s: the speech, then silence. The first piece ends at the first quiet 0.1 s after 45 s (PIECE_SECONDS 60, searched
    // over its last 15 s); whisper decodes it in two 30-second windows (the script's closing <|30.00|> moves it on),
    // then the second piece. The model says its script in every window, so each window's lines show where it began.
    const long = new Float32Array(70 * PCM_SAMPLE_RATE);
    long.set(speech);
    const engine = await createWhisperEngine(modelPath);
    try {
      const heard = await engine.transcribe(long, { offsetSeconds: 10, language: 'de' });
      expect(heard.language).toBe('de');
      expect(heard.lines.map((line) => [line.start, line.end])).toEqual([
        [10.5, 12], [12, 14.2], // piece 1, window 1
        [40.5, 42], [42, 44.2], // piece 1, window 2 (30 s on)
        [55.55, 57.05], [57.05, 59.25], // piece 2, from 45.05 s
      ]);
    } finally {
      await engine.dispose();
    }
  });

  it('says a damaged or missing model file in a sentence, without loading it', async () => {
    const junk = join(dir, 'junk.bin');
    writeFileSync(junk, '<html>Rate limited</html>');
    const cut = join(dir, 'cut.bin');
    const whole = readFileSync(modelPath);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const longer = join(dir, 'longer.bin');
    writeFileSync(longer, Buffer.concat([whole, Buffer.alloc(16)]));
    for (const path of [junk, cut, longer]) {
      const failure = await createWhisperEngine(path).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AnalysisFault);
      expect((failure as AnalysisFault).message).toBe(DAMAGED_MODEL_SENTENCE);
      expect((failure as AnalysisFault).retryable).toBe(true);
    }
    await expect(createWhisperEngine(join(dir, 'absent.bin'))).rejects.toThrow(MISSING_MODEL_SENTENCE);
    await expect(checkWhisperModelFile(modelPath)).resolves.toMatchObject({ n_vocab: 51865, n_text_state: 64, ftype: 1 });
  });

  it('cancels: an aborted signal rejects with AnalysisCancelled, and the engine still frees its model', async () => {
    const engine = await createWhisperEngine(modelPath);
    const before = new AbortController();
    before.abort();
    await expect(engine.transcribe(speech, { offsetSeconds: 0, signal: before.signal })).rejects.toBeInstanceOf(AnalysisCancelled);
    const during = new AbortController();
    const running = engine.transcribe(speech, { offsetSeconds: 0, signal: during.signal });
    setTimeout(() => during.abort(), 10);
    await expect(running).rejects.toBeInstanceOf(AnalysisCancelled);
    await engine.dispose();
  });

  it('dispose frees the model once; a transcription after it is refused', async () => {
    // The binding the engine loaded (imported here only now, so the engine loads it first: quietly).
    // Models the binding loads are of its native class (smart-whisper's exported WhisperModel only extends it).
    const { binding } = await import('smart-whisper');
    const free = vi.spyOn(binding.WhisperModel.prototype, 'free');
    try {
      const engine = await createWhisperEngine(modelPath);
      await engine.dispose();
      await engine.dispose();
      expect(free).toHaveBeenCalledTimes(1);
      await expect(engine.transcribe(speech, { offsetSeconds: 0 })).rejects.toBeInstanceOf(AnalysisFault);
    } finally {
      free.mockRestore();
    }
  });
});

describe('pieces and noise', () => {
  it('cuts a long stretch at its quietest moment before the limit', () => {
    const rate = PCM_SAMPLE_RATE;
    const samples = new Float32Array(100 * rate).map((_, i) => Math.sin(i / 5) * 0.5);
    samples.fill(0, 52 * rate, 52.5 * rate);
    const end = pieceEnd(samples, 0);
    expect(end / rate).toBeGreaterThanOrEqual(52);
    expect(end / rate).toBeLessThanOrEqual(52.5);
    expect(pieceEnd(samples, 50 * rate)).toBe(samples.length);
  });

  it('knows whisper\'s non-speech lines', () => {
    for (const text of ['', ' ', '[Music]', '(applause)', '♪ ♪', '...', '[BLANK_AUDIO]', '*laughs*']) expect(isNonSpeech(text)).toBe(true);
    for (const text of ['Glow serum', '20% off', 'ok.']) expect(isNonSpeech(text)).toBe(false);
  });
});
