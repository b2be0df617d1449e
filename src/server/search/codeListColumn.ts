/**
 * A multi-valued column (audio labels, topics, sub-topics, products): per ordinal, a list of dictionary codes. The
 * lists are interned: each ordinal holds the number of its distinct list, so 100k videos share a few thousand arrays
 * instead of owning one each, which keeps the garbage collector's marking of the index short. The numbers live in a
 * typed array with room to grow, which a snapshot restores as one block of bytes.
 */
export class CodeListColumn {
  private listOf: Int32Array = new Int32Array(0);
  private slots = 0;
  private readonly lists: (readonly number[])[] = [[]];
  /** Each list's id by its codes; built when a list is first added after a restore (a start that writes nothing needs none). */
  private listIds: Map<string, number> | null = new Map<string, number>([['', 0]]);

  /** Ordinal slots. */
  get length(): number {
    return this.slots;
  }

  /** Appends an empty slot. */
  push(): void {
    if (this.slots === this.listOf.length) {
      const grown = new Int32Array(Math.max(1024, this.listOf.length * 2));
      grown.set(this.listOf);
      this.listOf = grown;
    }
    this.listOf[this.slots++] = 0;
  }

  /** The codes of an ordinal (shared: never modify). */
  get(ordinal: number): readonly number[] {
    return this.lists[this.listOf[ordinal] ?? 0] ?? [];
  }

  /**
   * How many of `ordinals` name each code (a video once per code, however often its list repeats it), keyed by code:
   * counted per shared list, then spread over the list's codes, so nothing is allocated per video.
   */
  countCodes(ordinals: readonly number[]): Map<number, number> {
    const perList = new Int32Array(this.lists.length);
    for (let i = 0; i < ordinals.length; i++) {
      const id = this.listOf[ordinals[i] ?? 0] ?? 0;
      perList[id] = (perList[id] ?? 0) + 1;
    }
    const counts = new Map<number, number>();
    perList.forEach((videos, id) => {
      if (videos === 0) return;
      for (const code of new Set(this.lists[id])) counts.set(code, (counts.get(code) ?? 0) + videos);
    });
    return counts;
  }

  /**
   * The column as plain data (the search snapshot): the lists laid end to end in one typed array, list i at
   * [ends[i - 1], ends[i]). Typed arrays restore as blocks of bytes; 50k small arrays (sub-topic lists at 100k videos)
   * took the larger part of a start's restore.
   */
  dump(): DumpedCodeLists {
    const ends = new Int32Array(this.lists.length);
    let total = 0;
    this.lists.forEach((codes, id) => (ends[id] = total += codes.length));
    const codes = new Int32Array(total);
    let at = 0;
    for (const list of this.lists) for (const code of list) codes[at++] = code;
    return { listOf: this.listOf.subarray(0, this.slots), codes, ends };
  }

  /** A column of `length` slots from `dump()`; throws when the data does not fit (a damaged snapshot). */
  static load(dumped: DumpedCodeLists, length: number): CodeListColumn {
    const { listOf, codes, ends } = dumped;
    if (!(listOf instanceof Int32Array) || listOf.length !== length || !(codes instanceof Int32Array) || !(ends instanceof Int32Array)) throw new Error('damaged search snapshot');
    if (ends.length === 0 || ends[0] !== 0 || ends[ends.length - 1] !== codes.length) throw new Error('damaged search snapshot');
    const column = new CodeListColumn();
    column.listOf = listOf;
    column.slots = length;
    column.listIds = null;
    for (let id = 1; id < ends.length; id++) {
      const start = ends[id - 1] ?? 0;
      const end = ends[id] ?? 0;
      if (end < start) throw new Error('damaged search snapshot');
      // Plain packed arrays: filters walk these lists for every candidate video.
      const list: number[] = [];
      for (let i = start; i < end; i++) list.push(codes[i] ?? 0);
      column.lists.push(list);
    }
    for (const id of column.listOf) if (id < 0 || id >= column.lists.length) throw new Error('damaged search snapshot');
    return column;
  }

  set(ordinal: number, codes: readonly number[]): void {
    const key = codes.join(',');
    this.listIds ??= new Map(this.lists.map((list, id) => [list.join(','), id]));
    let id = this.listIds.get(key);
    if (id === undefined) {
      id = this.lists.length;
      this.lists.push([...codes]);
      this.listIds.set(key, id);
    }
    this.listOf[ordinal] = id;
  }
}

/** A CodeListColumn as a search snapshot holds it (see `dump`). */
export interface DumpedCodeLists {
  listOf: Int32Array;
  codes: Int32Array;
  ends: Int32Array;
}
