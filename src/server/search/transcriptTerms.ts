/**
 * The terms of the transcript index (issue 11) and the posting format they carry.
 *
 * A term is a word (a run without white space) or a pair (two words a single space apart) of some transcript line.
 * Why that is exact for the spec's substring search: a phrase without white space lies inside one word of a line,
 * and a phrase of two runs around one space straddles exactly one pair. So "which videos have a line containing Q" is
 * "which videos say a term containing Q", and the terms are few (a vocabulary, not every line): SQLite's trigram index
 * over them (the same tokenizer and folding as `transcript_fts`) finds the terms, and each term's posting names its
 * videos. A triple (three words a single space apart, issue 26) is the same for a phrase of three runs around two
 * single spaces: its middle run is a whole word. Any other phrase goes to the line index.
 */

const SPLIT = /(\s+)/u;

/**
 * The terms of some lines: words, single-space pairs and, given a map, single-space triples of words with their slots
 * (see runPositions.ts).
 */
export interface LineTerms {
  words: Set<string>;
  pairs: Set<string>;
  triples?: Map<string, number[]>;
}

/**
 * Adds the words, single-space pairs and triples of one line to the terms, each triple (only those `slotted` keeps,
 * when given) with its slot from `base`. Answers how many slots the words take.
 */
export function addLineTerms(content: string, terms: LineTerms, base = 0, slotted?: (triple: string) => boolean): number {
  const parts = content.split(SPLIT);
  const { words, pairs, triples } = terms;
  // parts alternate: word, gap, word, gap … (a leading or trailing gap leaves an empty word at that end).
  for (let i = 0; i < parts.length; i += 2) {
    const word = parts[i] ?? '';
    if (word === '') continue;
    words.add(word);
    const next = parts[i + 2] ?? '';
    if (next === '' || parts[i + 1] !== ' ') continue;
    const pair = `${word} ${next}`;
    pairs.add(pair);
    const third = parts[i + 4] ?? '';
    if (!triples || third === '' || parts[i + 3] !== ' ') continue;
    const triple = `${pair} ${third}`;
    if (slotted && !slotted(triple)) continue;
    const slots = triples.get(triple);
    if (slots) slots.push(base + i / 2);
    else triples.set(triple, [base + i / 2]);
  }
  return Math.ceil(parts.length / 2);
}

/** Whether one of the line's words (or single-space pairs) is among `terms` (see addLineTerms). */
export function lineSays(content: string, kind: 'word' | 'pair', terms: ReadonlySet<string>): boolean {
  const parts = content.split(SPLIT);
  for (let i = 0; i < parts.length; i += 2) {
    const word = parts[i] ?? '';
    if (word === '') continue;
    if (kind === 'word' ? terms.has(word) : parts[i + 1] === ' ' && (parts[i + 2] ?? '') !== '' && terms.has(`${word} ${parts[i + 2] ?? ''}`)) return true;
  }
  return false;
}

/**
 * Whether the line says, from some word i on, a triple of `triples[g]` at word i + offsets[g] for every g (three words
 * a single space apart; offsets[g] = g when not given). For a phrase of runs r0 … rk with `triples[g]` the triples
 * containing "r[j] r[j+1] r[j+2]" for j = offsets[g], whose outer words that are inner words of the phrase have their
 * run's length, and offsets that start at 0, end at k - 2 and step by 1 or 2, that is exactly "the line contains the
 * phrase": a triple containing it ends its first word with r[j], starts its third with r[j+2] and its middle word is
 * r[j+1] (folded, one code point to one), and each inner word of the phrase is a middle word or, where two triples
 * share it, starts and ends with its run at its run's length.
 */
export function lineSaysTriples(content: string, triples: readonly ReadonlySet<string>[], offsets?: readonly number[]): boolean {
  const parts = content.split(SPLIT);
  const span = offsets?.at(-1) ?? triples.length - 1;
  for (let i = 0; i + 2 * (span + 2) < parts.length; i += 2) {
    let says = true;
    for (let g = 0; g < triples.length && says; g++) {
      const at = i + 2 * (offsets?.[g] ?? g);
      const [first, second, third] = [parts[at] ?? '', parts[at + 2] ?? '', parts[at + 4] ?? ''];
      says = first !== '' && second !== '' && third !== '' && parts[at + 1] === ' ' && parts[at + 3] === ' '
        && (triples[g]?.has(`${first} ${second} ${third}`) ?? false);
    }
    if (says) return true;
  }
  return false;
}

/**
 * Where a search phrase is looked up: a word, a pair, a run of three words or more (single spaces: through its
 * triples), or the lines (odd spacing).
 */
export function termKind(phrase: string): 'word' | 'pair' | 'run' | 'line' {
  if (!/\s/u.test(phrase)) return 'word';
  if (/^\S+ \S+$/u.test(phrase)) return 'pair';
  return /^\S+( \S+)+$/u.test(phrase) ? 'run' : 'line';
}

const LIST = 0;
const BITSET = 1;

/**
 * A posting: the rowids of the videos saying a term, as a sorted list of uint32 (tag 0) or, once that would be larger,
 * a bitset over rowids (tag 1), so the most common terms cost at most one bit a video.
 */
export function encodePosting(rowids: ArrayLike<number>, count = rowids.length): Buffer {
  let max = 0;
  for (let i = 0; i < count; i++) max = Math.max(max, rowids[i] ?? 0);
  if (count * 32 > max + 1) {
    const bits = Buffer.alloc(1 + Math.ceil((max + 1) / 8));
    bits[0] = BITSET;
    for (let i = 0; i < count; i++) {
      const rowid = rowids[i] ?? 0;
      bits[1 + (rowid >> 3)] = (bits[1 + (rowid >> 3)] ?? 0) | (1 << (rowid & 7));
    }
    return bits;
  }
  const list = Buffer.alloc(1 + count * 4);
  list[0] = LIST;
  for (let i = 0; i < count; i++) list.writeUInt32LE(rowids[i] ?? 0, 1 + i * 4);
  return list;
}

/** Sets `flags[rowid] = 1` for every video of the posting (rowids beyond the flags are ignored). */
export function markPosting(posting: Buffer, flags: Uint8Array): void {
  if (posting[0] === BITSET) {
    const bytes = Math.min(posting.length - 1, Math.ceil(flags.length / 8));
    for (let b = 0; b < bytes; b++) {
      const byte = posting[1 + b] ?? 0;
      if (byte === 0) continue;
      for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) flags[b * 8 + bit] = 1;
    }
    return;
  }
  for (let at = 1; at + 4 <= posting.length; at += 4) {
    const rowid = posting.readUInt32LE(at);
    if (rowid < flags.length) flags[rowid] = 1;
  }
}

/**
 * `markPosting` for several postings at once (the terms a word matches): dense ones are OR-ed a byte at a time and
 * their union spread into the flags once, instead of each spread over every video of the workspace.
 */
export function markPostings(postings: readonly Buffer[], flags: Uint8Array): void {
  const bytes = Math.ceil(flags.length / 8);
  let union: Uint8Array | null = null;
  for (const posting of postings) {
    if (posting[0] !== BITSET) {
      markPosting(posting, flags);
      continue;
    }
    union ??= new Uint8Array(bytes);
    const end = Math.min(posting.length - 1, bytes);
    for (let b = 0; b < end; b++) union[b] = (union[b] ?? 0) | (posting[1 + b] ?? 0);
  }
  if (!union) return;
  for (let b = 0; b < bytes; b++) {
    const byte = union[b] ?? 0;
    if (byte === 0) continue;
    const base = b * 8;
    for (let bit = 0; bit < 8 && base + bit < flags.length; bit++) if (byte & (1 << bit)) flags[base + bit] = 1;
  }
}

/** The rowids of a posting, ascending. */
export function postingRowids(posting: Buffer): number[] {
  const rowids: number[] = [];
  if (posting[0] === BITSET) {
    for (let b = 1; b < posting.length; b++) {
      const byte = posting[b] ?? 0;
      for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) rowids.push((b - 1) * 8 + bit);
    }
  } else {
    for (let at = 1; at + 4 <= posting.length; at += 4) rowids.push(posting.readUInt32LE(at));
  }
  return rowids;
}

/** The posting with one more video. */
export function addToPosting(posting: Buffer, rowid: number): Buffer {
  const rowids = postingRowids(posting);
  if (rowids.includes(rowid)) return posting;
  rowids.push(rowid);
  rowids.sort((a, b) => a - b);
  return encodePosting(rowids);
}
