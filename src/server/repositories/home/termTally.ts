/** A term's count in a tally. */
export interface TermCount {
  term: string;
  count: number;
}

/** Each term once, and how often: codes of a `TermTally`'s vocabulary. */
export interface TermCodes {
  codes: Int32Array;
  counts: Int32Array;
}

/**
 * Terms as small integer codes, and counts of them in a typed array. A cloud adds up a few hundred terms of each of
 * 120 videos and keeps the most said: adding strings into a Map and sorting every term said was most of the time of a
 * cloud whose videos' words were already counted.
 */
export class TermTally {
  private readonly codeOfTerm = new Map<string, number>();
  private readonly terms: string[] = [];
  private totals = new Int32Array(1024);
  /** The codes counted since the last `take`/`top`, each once. */
  private readonly touched: number[] = [];

  /** How many distinct terms the vocabulary holds. */
  get size(): number {
    return this.terms.length;
  }

  /** The code of a term (a new one the first time). */
  codeOf(term: string): number {
    let code = this.codeOfTerm.get(term);
    if (code === undefined) {
      code = this.terms.length;
      this.codeOfTerm.set(term, code);
      this.terms.push(term);
    }
    return code;
  }

  add(code: number, times: number): void {
    if (times === 0) return;
    if (code >= this.totals.length) {
      const wider = new Int32Array(Math.max(code + 1, this.totals.length * 2));
      wider.set(this.totals);
      this.totals = wider;
    }
    if (this.totals[code] === 0) this.touched.push(code);
    this.totals[code] = (this.totals[code] ?? 0) + times;
  }

  /** What was counted since the last take, and starts again. */
  take(): TermCodes {
    const codes = Int32Array.from(this.touched);
    const counts = codes.map((code) => this.totals[code] ?? 0);
    this.reset();
    return { codes, counts };
  }

  /** Adds counted codes. */
  addAll(words: TermCodes): void {
    for (let i = 0; i < words.codes.length; i++) this.add(words.codes[i] ?? 0, words.counts[i] ?? 0);
  }

  /**
   * The `limit` terms counted most since the last take, most first, ties by term (code-unit order), and starts again.
   * Only the terms at or above the `limit`-th count are put in order (a native sort of the counts finds it).
   */
  top(limit: number): TermCount[] {
    const touched = this.touched;
    let least = 1;
    if (touched.length > limit) {
      const counts = Int32Array.from(touched, (code) => this.totals[code] ?? 0).sort();
      least = counts[counts.length - limit] ?? 1;
    }
    const kept: TermCount[] = [];
    for (const code of touched) {
      const count = this.totals[code] ?? 0;
      if (count >= least) kept.push({ term: this.terms[code] ?? '', count });
    }
    kept.sort((a, b) => b.count - a.count || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    this.reset();
    return kept.slice(0, limit);
  }

  /** Forgets the vocabulary: every code given out so far means nothing any more. */
  clear(): void {
    this.reset();
    this.codeOfTerm.clear();
    this.terms.length = 0;
  }

  private reset(): void {
    for (const code of this.touched) this.totals[code] = 0;
    this.touched.length = 0;
  }
}
