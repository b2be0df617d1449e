import { describe, expect, it } from 'vitest';
import { addLineTerms, addToPosting, encodePosting, markPosting, postingRowids, termKind } from './transcriptTerms';

describe('transcript terms', () => {
  it('takes the words and the single-space pairs of a line, in any script', () => {
    const words = new Set<string>();
    const pairs = new Set<string>();
    addLineTerms(' So,  the serum\tworks — 本当に素晴らしい。 ok ', words, pairs);
    expect([...words]).toEqual(['So,', 'the', 'serum', 'works', '—', '本当に素晴らしい。', 'ok']);
    // Only words a single space apart make a pair: a double space or a tab makes a phrase across it a line search.
    expect([...pairs]).toEqual(['the serum', 'works —', '— 本当に素晴らしい。', '本当に素晴らしい。 ok']);
  });

  it('sends a phrase to the words, the pairs or the lines by its white space', () => {
    expect(termKind('honest')).toBe('word');
    expect(termKind('素晴らしい')).toBe('word');
    expect(termKind('so excited')).toBe('pair');
    expect(termKind('so  excited')).toBe('line');
    expect(termKind('so excited to')).toBe('line');
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
    expect(postingRowids(addToPosting(sparse, 5))).toEqual([3, 5, 900, 70_000]);
    expect(addToPosting(sparse, 900)).toBe(sparse);
  });
});
