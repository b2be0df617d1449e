// No database (not in bothEngineTests.ts): it tests the transcript term postings' encoding and matching over plain values.
import { describe, expect, it } from 'vitest';
import { addLineTerms, addToPosting, encodePosting, lineSays, lineSaysTriples, markPosting, markPostings, postingRowids, termKind } from './transcriptTerms';

describe('transcript terms', () => {
  it('takes the words and the single-space pairs and triples of a line, in any script', () => {
    const terms = { words: new Set<string>(), pairs: new Set<string>(), triples: new Map<string, number[]>() };
    addLineTerms(' So,  the serum\tworks — 本当に素晴らしい。 ok ', terms);
    expect([...terms.words]).toEqual(['So,', 'the', 'serum', 'works', '—', '本当に素晴らしい。', 'ok']);
    // Only words a single space apart make a pair: a double space or a tab makes a phrase across it a line search.
    expect([...terms.pairs]).toEqual(['the serum', 'works —', '— 本当に素晴らしい。', '本当に素晴らしい。 ok']);
    // Triples with their slots (a slot per word, and one for the leading gap's empty word).
    expect([...terms.triples]).toEqual([['works — 本当に素晴らしい。', [4]], ['— 本当に素晴らしい。 ok', [5]]]);
  });

  it('tells whether a line says one of a set of terms, by the same words and pairs', () => {
    expect(lineSays('I am so excited today', 'word', new Set(['excited']))).toBe(true);
    expect(lineSays('I am so excited today', 'word', new Set(['excite']))).toBe(false);
    expect(lineSays('I am so excited today', 'pair', new Set(['so excited']))).toBe(true);
    expect(lineSays('I am so  excited today', 'pair', new Set(['so excited']))).toBe(false);
    expect(lineSays('今日は 本当に', 'pair', new Set(['今日は 本当に']))).toBe(true);
  });

  it('finds a run of three words or more through its triples, one after the other in a line', () => {
    // "so excited to" in "I am so excited to share": the triples containing it.
    const three = [new Set(['so excited to', 'also excited tomorrow'])];
    expect(lineSaysTriples('I am so excited to share', three)).toBe(true);
    expect(lineSaysTriples('I am also excited tomorrow', three)).toBe(true);
    expect(lineSaysTriples('I am so excited  to share', three)).toBe(false);
    // "am so excited to": triples containing "am so excited" and "so excited to", at consecutive words.
    const four = [new Set(['am so excited', 'Iam so excited']), new Set(['so excited to', 'so excited tomorrow'])];
    expect(lineSaysTriples('Iam so excited tomorrow', four)).toBe(true);
    // Both triples in the line, but not one after the other.
    expect(lineSaysTriples('I am so excited, so excited to go', four)).toBe(false);
    expect(lineSaysTriples('am so excited', four)).toBe(false);
    // "one two three four five" by its first and third triples (offsets 0 and 2), sharing the word "three".
    const five = [new Set(['one two three']), new Set(['three four five'])];
    expect(lineSaysTriples('say one two three four five now', five, [0, 2])).toBe(true);
    expect(lineSaysTriples('one two three three four five', five, [0, 2])).toBe(false);
    expect(lineSaysTriples('one two three four', five, [0, 2])).toBe(false);
  });

  it('sends a phrase to the words, the pairs or the lines by its white space', () => {
    expect(termKind('honest')).toBe('word');
    expect(termKind('素晴らしい')).toBe('word');
    expect(termKind('so excited')).toBe('pair');
    expect(termKind('so  excited')).toBe('line');
    expect(termKind('so excited to')).toBe('run');
    expect(termKind('so\texcited')).toBe('line');
  });

  it('keeps a posting as a list or, when denser, a bitset, with the same videos either way', () => {
    const sparse = encodePosting([3, 900, 70_000]);
    const dense = encodePosting(Array.from({ length: 5000 }, (_, i) => i * 7));
    expect(sparse.length).toBe(1 + 3 * 4);
    expect(dense.length).toBeLessThan(1 + 5000 * 4);
    expect(postingRowids(sparse)).toEqual([3, 900, 70_000]);
    expect(postingRowids(dense)).toEqual(Array.from({ length: 5000 }, (_, i) => i * 7));
    const flags = new Uint8Array(1000);
    markPosting(sparse, flags);
    markPosting(dense, flags);
    expect([...flags.keys()].filter((rowid) => flags[rowid] === 1)).toEqual([...new Set([3, 900, ...Array.from({ length: 143 }, (_, i) => i * 7)])].sort((a, b) => a - b));
    // Several at once (a word's terms): the same videos as one by one, dense unions included, rowids past the flags ignored.
    const denser = encodePosting(Array.from({ length: 4000 }, (_, i) => i * 5 + 1));
    const together = new Uint8Array(1003);
    markPostings([sparse, dense, denser], together);
    const oneByOne = new Uint8Array(1003);
    for (const posting of [sparse, dense, denser]) markPosting(posting, oneByOne);
    expect(together).toEqual(oneByOne);
    expect(together[1001]).toBe(1);
    expect(postingRowids(addToPosting(sparse, 5))).toEqual([3, 5, 900, 70_000]);
    expect(addToPosting(sparse, 900)).toBe(sparse);
  });
});
