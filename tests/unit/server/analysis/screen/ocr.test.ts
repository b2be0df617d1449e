// No database: the real OCR engine (PaddleOCR PP-OCRv4 on onnxruntime, from node_modules) reads text ffmpeg drew —
// two scripts, two sizes, over a photo-like and a plain background — and a rendered video's captions at their seconds.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFrames } from '../../../../../src/server/analysis/screen/frames';
import { createOcrEngine, decodeRow, fixLookAlikeCase, ocrModelFiles, type OcrEngine } from '../../../../../src/server/analysis/screen/ocrEngine';
import { comparable, mergeScreenText } from '../../../../../src/server/analysis/screen/screenText';
import { findSponsorDisclosure } from '../../../../../src/server/analysis/screen/sponsorDisclosure';
import { FFMPEG, TEST_PHRASES, renderTextFrame, renderTextVideo, wordsReadExactly } from '../support/renderedText';

/** The Done-when figure: words of the rendered phrases read exactly. */
const WORD_ACCURACY = 0.95;

let dir = '';
let engine: OcrEngine;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelscope-ocr-'));
  engine = await createOcrEngine();
}, 120_000);

afterAll(async () => {
  await engine?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('the OCR engine', () => {
  it('loads its models from node_modules (nothing fetched)', () => {
    for (const file of Object.values(ocrModelFiles())) {
      expect(file).toContain(`${sep}node_modules${sep}@gutenye${sep}ocr-models${sep}`);
      expect(existsSync(file)).toBe(true);
    }
  });

  it(`reads at least ${WORD_ACCURACY * 100} % of the words of ${TEST_PHRASES.length} rendered phrases exactly`, async () => {
    expect(TEST_PHRASES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(TEST_PHRASES.map((phrase) => phrase.script))).toEqual(new Set(['latin', 'han']));
    let words = 0;
    let hits = 0;
    const misses: string[] = [];
    for (const [index, phrase] of TEST_PHRASES.entries()) {
      const frame = await renderTextFrame(dir, [phrase], phrase.background, `phrase-${index}`);
      const read = (await engine.read(frame)).map((line) => line.text);
      const result = wordsReadExactly(phrase.text, read);
      words += result.words;
      hits += result.hits;
      if (result.missed.length > 0) misses.push(`"${phrase.text}" (${phrase.script}, ${phrase.size}, ${phrase.background}) read as ${JSON.stringify(read)}: missed ${result.missed.join(' ')}`);
    }
    console.log(`OCR read ${hits} of ${words} words exactly (${((hits / words) * 100).toFixed(1)} %)${misses.length ? `; misses:\n  ${misses.join('\n  ')}` : ''}`);
    expect(hits / words).toBeGreaterThanOrEqual(WORD_ACCURACY);
  }, 240_000);

  it('answers no lines for a frame without text, and nothing worth keeping on a busy picture without text', async () => {
    expect(await engine.read(await renderTextFrame(dir, [], 'plain', 'blank'))).toEqual([]);
    const photo = await engine.read(await renderTextFrame(dir, [], 'photo', 'blank-photo'));
    expect(mergeScreenText([{ second: 0, lines: photo }])).toEqual([]);
  }, 60_000);

  it('turns an unreadable image into a sentence', async () => {
    await expect(engine.read(join(dir, 'missing.png'))).rejects.toMatchObject({ name: 'AnalysisFault', message: 'Reading on-screen text failed: a video frame could not be read' });
  }, 60_000);
});

describe('decoding the recogniser output', () => {
  // A toy output over the dictionary ["a", "b", " "] + blank (index 0): classes 4, the last one the space.
  const row = (steps: number[][]) => Float32Array.from(steps.flat());
  const dictionary = ['a', 'b', ' '];
  it('writes a space where the gap between two characters carried the space token, and none elsewhere', () => {
    const steps = [
      [0.1, 0.9, 0, 0], [0.9, 0, 0, 0.1], [0.7, 0, 0, 0.3], [0.1, 0, 0.9, 0], // a, gap with space 0.3, b
      [0.99, 0, 0, 0.01], [0.1, 0.9, 0, 0], [0.1, 0.9, 0, 0], // gap without, a (repeat collapsed)
      [0.2, 0, 0, 0.8], [0.1, 0, 0.9, 0], // a space that won, b
    ];
    expect(decodeRow(row(steps), 0, steps.length, 4, dictionary).text).toBe('a ba b');
  });

  it('undoes look-alike slips: small capitals, a zero for an O, an o for a zero', () => {
    expect(fixLookAlikeCase('Use code GLoW15 at checkout')).toBe('Use code GLOW15 at checkout');
    expect(fixLookAlikeCase('SPF 50 Daily Sunscreen cocoa')).toBe('SPF 50 Daily Sunscreen cocoa');
    expect(fixLookAlikeCase('Glow Serum 20% 0FF')).toBe('Glow Serum 20% OFF');
    expect(fixLookAlikeCase('SPF 5o and 1O0 ml')).toBe('SPF 50 and 100 ml');
    expect(fixLookAlikeCase('H2O B12 GLOW15 Go 2go')).toBe('H2O B12 GLOW15 Go 2go');
  });
});

describe('captions of a rendered video, from frames to timed lines', () => {
  it('reads each caption at the second it appears (±1 s) and the "#ad" disclosure', async () => {
    const captions = [
      { text: 'Glow Serum 20% OFF', from: 1, to: 4 },
      { text: '#ad', size: 'small' as const, top: 0.82, from: 1, to: 4 },
      { text: 'Hydra Cream only $24.99', from: 6.5, to: 9 },
      { text: '限时优惠', script: 'han' as const, from: 11, to: 14 },
    ];
    const video = await renderTextVideo(dir, captions, { seconds: 16, background: 'photo', rate: 10, name: 'captions' });
    const frames = await changeFrames(video, { ffmpegPath: FFMPEG, outDir: join(dir, 'captions-frames') });
    const read = [];
    for (const frame of frames) read.push({ second: frame.second, lines: await engine.read(frame.path) });
    const lines = mergeScreenText(read);
    for (const caption of captions) {
      const line = lines.find((candidate) => comparable(candidate.text) === comparable(caption.text));
      expect(line, `"${caption.text}" among ${JSON.stringify(lines)}`).toBeDefined();
      expect(Math.abs((line?.start ?? -9) - caption.from)).toBeLessThanOrEqual(1);
      expect(line?.end ?? -9).toBeLessThanOrEqual(caption.to + 0.2);
    }
    expect(findSponsorDisclosure(lines, [{ id: 'b', name: 'Glow' }])).toMatchObject({ phrase: '#ad', sponsoredBy: 'Glow' });
    expect(Math.abs((findSponsorDisclosure(lines, [])?.second ?? -9) - 1)).toBeLessThanOrEqual(1);
  }, 240_000);
});
