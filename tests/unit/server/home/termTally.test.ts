import { describe, expect, it } from 'vitest';
import { TermTally } from '../../../../src/server/repositories/home/termTally';

/** The most said terms as a full sort orders them: most first, ties by term. */
function bySort(counts: Map<string, number>, limit: number): { term: string; count: number }[] {
  return [...counts].map(([term, count]) => ({ term, count }))
    .sort((a, b) => b.count - a.count || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0)).slice(0, limit);
}

describe('term tally', () => {
  it('keeps the most said terms as a full sort would, ties at the cut broken by term, then starts again', () => {
    const tally = new TermTally();
    const counts = new Map<string, number>();
    let seed = 7;
    for (let i = 0; i < 5_000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const term = `w${seed % 700}`;
      tally.add(tally.codeOf(term), 1 + (seed % 3));
      counts.set(term, (counts.get(term) ?? 0) + 1 + (seed % 3));
    }
    for (const limit of [1, 10, 100, 699, 700, 1_000]) {
      const copy = new TermTally();
      for (const [term, count] of counts) copy.add(copy.codeOf(term), count);
      expect(copy.top(limit)).toEqual(bySort(counts, limit));
    }
    expect(tally.top(100)).toEqual(bySort(counts, 100));
    expect(tally.top(100)).toEqual([]);
  });

  it('adds up the words of videos counted apart', () => {
    const tally = new TermTally();
    const said = (words: string[]) => {
      for (const word of words) tally.add(tally.codeOf(word), 1);
      return tally.take();
    };
    const first = said(['price', 'serum', 'price']);
    const second = said(['serum', 'glow', 'price']);
    tally.addAll(first);
    tally.addAll(second);
    expect(tally.top(2)).toEqual([{ term: 'price', count: 3 }, { term: 'serum', count: 2 }]);
  });
});
