// No database (not in bothEngineTests.ts): it tests the transcript pair positions' encoding over plain buffers.
import { describe, expect, it } from 'vitest';
import { END, EntryCursor, markRunPositions, mergePositions, PositionsWriter } from './pairPositions';
import { addLineTerms } from './transcriptTerms';

/** Each video's lines laid into slots, as the index lays them: the positional posting of every pair. */
function postingsOf(videos: Record<number, readonly string[]>): Map<string, Buffer> {
  const writers = new Map<string, PositionsWriter>();
  for (const [rowid, lines] of Object.entries(videos)) {
    const positions = new Map<string, number[]>();
    let base = 0;
    for (const line of lines) base += addLineTerms(line, new Set(), new Set(), positions, base);
    for (const [pair, slots] of positions) {
      let writer = writers.get(pair);
      if (!writer) writers.set(pair, (writer = new PositionsWriter()));
      writer.add(Number(rowid), slots);
    }
  }
  return new Map([...writers].map(([pair, writer]) => [pair, writer.toBuffer()]));
}

/** The videos saying a run, each pair given as the terms it may be. */
function saying(postings: Map<string, Buffer>, pairs: readonly (readonly string[])[], size = 64): number[] {
  const flags = new Uint8Array(size);
  markRunPositions(pairs.map((terms) => terms.map((term) => postings.get(term) ?? Buffer.alloc(0))), flags);
  return [...flags.keys()].filter((rowid) => flags[rowid] === 1);
}

describe('positional postings of the transcript pairs', () => {
  const videos = {
    // Says "lumina glow serum" in a row.
    1: ['I tried the Lumina Glow Serum today', 'nothing else'],
    // Says both pairs, never one after the other: in two lines, and apart in one line.
    2: ['my favourite is Lumina Glow', 'Glow Serum again', 'Lumina Glow and the Glow Serum'],
    // One line ends with the first pair, the next starts with the second: no run crosses lines.
    3: ['love the Lumina Glow', 'Serum is here'],
    // A double space breaks the run.
    4: ['the Lumina Glow  Serum'],
    // The run at the very start, with a repeated word.
    5: ['glow glow glow serum'],
    40: ['Lumina Glow Serum and Lumina Glow Serum'],
  };
  const postings = postingsOf(videos);

  it('finds exactly the videos saying the pairs at consecutive slots of one line', () => {
    expect(saying(postings, [['Lumina Glow'], ['Glow Serum']])).toEqual([1, 40]);
    expect(saying(postings, [['glow glow'], ['glow glow'], ['glow serum']])).toEqual([5]);
    expect(saying(postings, [['glow glow'], ['glow serum']])).toEqual([5]);
    // Several terms for a pair (as a phrase's first word may end several words): any of them.
    expect(saying(postings, [['Lumina Glow', 'glow glow'], ['Glow Serum', 'glow serum']])).toEqual([1, 5, 40]);
    // A pair no video says, and rowids past the flags.
    expect(saying(postings, [['Lumina Glow'], ['Glow Cream']])).toEqual([]);
    expect(saying(postings, [['Lumina Glow'], ['Glow Serum']], 10)).toEqual([1]);
    // A pair no term fits (none given); pairs of several terms (video 2 says "Lumina Glow and").
    expect(saying(postings, [['Lumina Glow'], []])).toEqual([]);
    expect(saying(postings, [['glow glow', 'Lumina Glow', 'is Lumina'], ['Glow Serum', 'glow serum', 'Glow and']])).toEqual([1, 2, 5, 40]);
  });

  it('puts a video\'s entries into a posting, replacing what it had, and keeps the others as they were', () => {
    const posting = postings.get('Lumina Glow') ?? Buffer.alloc(0);
    const merged = mergePositions(posting, new Map([[2, [7]], [3, []], [60, [1, 4]]]));
    const entries: [number, number[]][] = [];
    for (const cursor = new EntryCursor(merged); cursor.rowid !== END; cursor.next()) entries.push([cursor.rowid, cursor.slots()]);
    expect(entries).toEqual([[1, [3]], [2, [7]], [3, []], [4, [1]], [40, [0, 4]], [60, [1, 4]]]);
    expect(mergePositions(null, new Map([[9, [300, 70_000]]]))).toEqual(mergePositions(Buffer.alloc(0), new Map([[9, [300, 70_000]]])));
  });
});
