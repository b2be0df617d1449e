// No database (not in bothEngineTests.ts): it tests the transcript triples' positional postings over plain buffers.
import { describe, expect, it } from 'vitest';
import { END, EntryCursor, markRunPositions, mergePositions, PositionsWriter } from './runPositions';
import { addLineTerms } from './transcriptTerms';

/** Each video's lines laid into slots, as the index lays them: the positional posting of every triple. */
function postingsOf(videos: Record<number, readonly string[]>): Map<string, Buffer> {
  const writers = new Map<string, PositionsWriter>();
  for (const [rowid, lines] of Object.entries(videos)) {
    const terms = { words: new Set<string>(), pairs: new Set<string>(), triples: new Map<string, number[]>() };
    let base = 0;
    for (const line of lines) base += addLineTerms(line, terms, base);
    for (const [triple, slots] of terms.triples) {
      let writer = writers.get(triple);
      if (!writer) writers.set(triple, (writer = new PositionsWriter()));
      writer.add(Number(rowid), slots);
    }
  }
  return new Map([...writers].map(([triple, writer]) => [triple, writer.toBuffer()]));
}

/** The videos saying a run, each triple given as the terms it may be. */
function saying(postings: Map<string, Buffer>, triples: readonly (readonly string[])[], size = 64, offsets?: readonly number[]): number[] {
  const flags = new Uint8Array(size);
  markRunPositions(triples.map((terms) => terms.map((term) => postings.get(term) ?? Buffer.alloc(0))), flags, undefined, offsets);
  return [...flags.keys()].filter((rowid) => flags[rowid] === 1);
}

describe('positional postings of the transcript triples', () => {
  const videos = {
    // Says "the lumina glow serum today" in a row.
    1: ['I tried the Lumina Glow Serum today', 'nothing else'],
    // Says both triples of "Lumina Glow Serum today", never one after the other: in two lines, and apart in one line.
    2: ['my favourite is Lumina Glow Serum', 'Glow Serum today again', 'Lumina Glow Serum and the Glow Serum today'],
    // One line ends with the first triple, the next starts with the second: no run crosses lines.
    3: ['love the Lumina Glow Serum', 'Glow Serum today is here'],
    // A double space breaks the run.
    4: ['the Lumina Glow  Serum today'],
    // The run at the very start, with a repeated word.
    5: ['glow glow glow serum'],
    40: ['Lumina Glow Serum and Lumina Glow Serum'],
  };
  const postings = postingsOf(videos);

  it('finds exactly the videos saying the triples at consecutive slots of one line', () => {
    expect(saying(postings, [['Lumina Glow Serum'], ['Glow Serum today']])).toEqual([1]);
    expect(saying(postings, [['the Lumina Glow'], ['Lumina Glow Serum'], ['Glow Serum today']])).toEqual([1]);
    expect(saying(postings, [['glow glow glow'], ['glow glow serum']])).toEqual([5]);
    // Several terms for a triple (as a phrase's first word may end several words): any of them.
    expect(saying(postings, [['Lumina Glow Serum', 'glow glow glow'], ['Glow Serum today', 'glow glow serum']])).toEqual([1, 5]);
    expect(saying(postings, [['Lumina Glow Serum'], ['Glow Serum today', 'Glow Serum and']])).toEqual([1, 2, 40]);
    // A triple no video says, and rowids past the flags.
    expect(saying(postings, [['Lumina Glow Serum'], ['Glow Serum tonight']])).toEqual([]);
    expect(saying(postings, [['Lumina Glow Serum'], ['Glow Serum today', 'Glow Serum and']], 10)).toEqual([1, 2]);
    // A triple no term fits (none given).
    expect(saying(postings, [['Lumina Glow Serum'], []])).toEqual([]);
    // Every second triple, sharing a word: "the Lumina Glow Serum today" by its first and third triples.
    expect(saying(postings, [['the Lumina Glow'], ['Glow Serum today']], 64, [0, 2])).toEqual([1]);
    expect(saying(postings, [['Lumina Glow Serum'], ['Serum and Lumina']], 64, [0, 2])).toEqual([40]);
    expect(saying(postings, [['Lumina Glow Serum'], ['Serum and Lumina']], 64, [0, 1])).toEqual([]);
  });

  it('walks a group of many terms, most of them rare, as one', () => {
    // Many spellings of the first triple (as a first word ending with the run is glued to the words before it in
    // scripts written without spaces), each said by a few videos, the common one by most.
    const many: Record<number, string[]> = {};
    for (let rowid = 0; rowid < 300; rowid++) {
      const first = rowid % 3 === 0 ? `x${rowid % 40}Lumina` : 'Lumina';
      many[rowid] = [rowid % 7 === 0 ? `${first} Glow Serum` : `${first} Glow Serum today`, 'Glow Serum today'];
    }
    const spelled = postingsOf(many);
    const firsts = [...spelled.keys()].filter((term) => term.endsWith('Lumina Glow Serum'));
    expect(firsts.length).toBeGreaterThan(30);
    const expected = Object.keys(many).map(Number).filter((rowid) => rowid % 7 !== 0);
    expect(saying(spelled, [firsts, ['Glow Serum today']], 300)).toEqual(expected);
  });

  it('puts a video\'s entries into a posting, replacing what it had, and keeps the others as they were', () => {
    const posting = postings.get('Lumina Glow Serum') ?? Buffer.alloc(0);
    const merged = mergePositions(posting, new Map([[2, [7]], [3, []], [60, [1, 4]]]));
    const entries: [number, number[]][] = [];
    for (const cursor = new EntryCursor(merged); cursor.rowid !== END; cursor.next()) entries.push([cursor.rowid, cursor.slots()]);
    expect(entries).toEqual([[1, [3]], [2, [7]], [3, []], [40, [0, 4]], [60, [1, 4]]]);
    expect(mergePositions(null, new Map([[9, [300, 70_000]]]))).toEqual(mergePositions(Buffer.alloc(0), new Map([[9, [300, 70_000]]])));
  });
});
