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
  private readonly listIds = new Map<string, number>([['', 0]]);

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

  /** The column as plain data (the search snapshot). */
  dump(): { listOf: Int32Array; lists: (readonly number[])[] } {
    return { listOf: this.listOf.subarray(0, this.slots), lists: this.lists };
  }

  /** A column of `length` slots from `dump()`; throws when the data does not fit (a damaged snapshot). */
  static load(dumped: { listOf: Int32Array; lists: (readonly number[])[] }, length: number): CodeListColumn {
    if (!(dumped.listOf instanceof Int32Array) || dumped.listOf.length !== length || !Array.isArray(dumped.lists)) throw new Error('damaged search snapshot');
    const column = new CodeListColumn();
    column.listOf = dumped.listOf;
    column.slots = length;
    dumped.lists.forEach((codes, id) => {
      if (id === 0) return;
      // Copied: deserialized arrays come holey, and filters walk these lists for every candidate video.
      const packed: number[] = [];
      for (const code of codes) packed.push(code);
      column.lists.push(packed);
      column.listIds.set(codes.join(','), id);
    });
    for (const id of column.listOf) if (id < 0 || id >= column.lists.length) throw new Error('damaged search snapshot');
    return column;
  }

  set(ordinal: number, codes: readonly number[]): void {
    const key = codes.join(',');
    let id = this.listIds.get(key);
    if (id === undefined) {
      id = this.lists.length;
      this.lists.push([...codes]);
      this.listIds.set(key, id);
    }
    this.listOf[ordinal] = id;
  }
}
