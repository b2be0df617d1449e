// No database: on-screen text read on consecutive frames merged into timed lines.
import { describe, expect, it } from 'vitest';
import { isJunk, mergeScreenText, readScreenText } from '../../../../../src/server/analysis/screen/screenText';

describe('merging on-screen text across frames', () => {
  it('makes the same text on consecutive frames one line, from the first second seen to the last', () => {
    const merged = mergeScreenText([
      { second: 0, lines: [] },
      { second: 1, lines: ['Glow Serum 20% OFF', '#ad'] },
      { second: 2, lines: ['glow  serum 20% off', '#ad'] },
      { second: 3, lines: ['Glow Serum 20% OFF', '#ad'] },
      { second: 5, lines: ['Link in bio'] },
    ]);
    expect(merged).toEqual([
      { start: 1, end: 3, text: 'Glow Serum 20% OFF' },
      { start: 1, end: 3, text: '#ad' },
      { start: 5, end: 5, text: 'Link in bio' },
    ]);
  });

  it('tolerates one character of OCR difference and writes the line as it was read most often', () => {
    const merged = mergeScreenText([
      { second: 2, lines: ['Hydra Cream only $24.99'] },
      { second: 3, lines: ['Hydra Cream only $24.89'] },
      { second: 4, lines: ['Hydra Cream only $24.99'] },
    ]);
    expect(merged).toEqual([{ start: 2, end: 4, text: 'Hydra Cream only $24.99' }]);
  });

  it('keeps short lines that differ by a character apart, and a line that leaves and comes back as two', () => {
    expect(mergeScreenText([{ second: 1, lines: ['#ad'] }, { second: 2, lines: ['#an'] }]).map((line) => line.text)).toEqual(['#ad', '#an']);
    expect(mergeScreenText([
      { second: 1, lines: ['SALE'] },
      { second: 2, lines: [] },
      { second: 3, lines: ['SALE'] },
    ])).toEqual([{ start: 1, end: 1, text: 'SALE' }, { start: 3, end: 3, text: 'SALE' }]);
  });

  it('orders frames by second whatever order they come in', () => {
    expect(mergeScreenText([{ second: 4, lines: ['新品上市'] }, { second: 3, lines: ['新品上市'] }])).toEqual([{ start: 3, end: 4, text: '新品上市' }]);
  });

  it('drops single characters, punctuation and unsure reads', () => {
    expect(isJunk('a')).toBe(true);
    expect(isJunk('—')).toBe(true);
    expect(isJunk('...!!')).toBe(true);
    expect(isJunk('$5')).toBe(true);
    expect(isJunk('新品', 0.3)).toBe(true);
    expect(isJunk('新品')).toBe(false);
    expect(isJunk('5%')).toBe(true);
    expect(isJunk('50%')).toBe(false);
    const merged = mergeScreenText([{ second: 1, lines: ['x', '|||', { text: 'Lumina', confidence: 0.95 }, { text: 'Lrnina', confidence: 0.2 }] }]);
    expect(merged).toEqual([{ start: 1, end: 1, text: 'Lumina' }]);
  });

  it('answers nothing for no frames', () => {
    expect(mergeScreenText([])).toEqual([]);
  });
});

describe('reading the frames of a video', () => {
  it('reads each changed frame once, reuses the words of an unchanged one, and merges them', async () => {
    const reads: string[] = [];
    const engine = { read: async (path: string) => { reads.push(path); return path === 'b.jpg' ? [{ text: 'Glow Serum', confidence: 0.97 }] : []; } };
    const lines = await readScreenText([
      { second: 0, path: 'a.jpg', unchanged: false },
      { second: 1, path: 'b.jpg', unchanged: false },
      { second: 3, path: 'c.jpg', unchanged: true },
      { second: 4, path: 'd.jpg', unchanged: false },
    ], engine);
    expect(reads).toEqual(['a.jpg', 'b.jpg', 'd.jpg']);
    expect(lines).toEqual([{ start: 1, end: 3, text: 'Glow Serum' }]);
  });

  it('stops between frames when cancelled', async () => {
    const controller = new AbortController();
    const engine = { read: async () => { controller.abort(); return []; } };
    await expect(readScreenText([{ second: 0, path: 'a', unchanged: false }, { second: 1, path: 'b', unchanged: false }], engine, { signal: controller.signal }))
      .rejects.toMatchObject({ name: 'AnalysisCancelled' });
  });
});
