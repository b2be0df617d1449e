/**
 * A multi-valued column (audio labels, topics, sub-topics, products): per ordinal, a list of dictionary codes. The
 * lists are interned: each ordinal holds the number of its distinct list, so 100k videos share a few thousand arrays
 * instead of owning one each, which keeps the garbage collector's marking of the index short.
 */
export class CodeListColumn {
  private readonly listOf: number[] = [];
  private readonly lists: (readonly number[])[] = [[]];
  private readonly listIds = new Map<string, number>([['', 0]]);

  /** Ordinal slots. */
  get length(): number {
    return this.listOf.length;
  }

  /** Appends an empty slot. */
  push(): void {
    this.listOf.push(0);
  }

  /** The codes of an ordinal (shared: never modify). */
  get(ordinal: number): readonly number[] {
    return this.lists[this.listOf[ordinal] ?? 0] ?? [];
  }

  /** The column as plain data (the search snapshot). */
  dump(): { listOf: number[]; lists: (readonly number[])[] } {
    return { listOf: this.listOf, lists: this.lists };
  }

  /** A column from `dump()`. */
  static load(dumped: { listOf: number[]; lists: (readonly number[])[] }): CodeListColumn {
    const column = new CodeListColumn();
    column.listOf.length = 0;
    for (const id of dumped.listOf) column.listOf.push(id);
    dumped.lists.forEach((codes, id) => {
      if (id === 0) return;
      // Copied: deserialized arrays come holey, and filters walk these lists for every candidate video.
      const packed: number[] = [];
      for (const code of codes) packed.push(code);
      column.lists.push(packed);
      column.listIds.set(codes.join(','), id);
    });
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
