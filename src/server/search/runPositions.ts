/**
 * Positional postings of the transcript triples (issue 26): where in each video a triple (three words a single space
 * apart) is said, so a run of four words or more is found from the postings alone instead of reading every candidate
 * video's lines (at 100k videos a product name said in thousands of videos read their 40-odd lines each: 400–560 ms a
 * search). Triples, not pairs: a pair such as "of the" is said dozens of times a video, and a phrase said in half the
 * videos decoded all those slots in each of them; a triple is said a few times.
 *
 * Slots: a video's lines (in line order) lay their words one after the other in one stream of slots; a triple at slot
 * p is the words at slots p, p + 1 and p + 2 of one line, a single space apart. A line's slots follow the previous
 * line's last word directly: its last two words start no triple, so no chain of triples at consecutive slots crosses
 * from one line into the next. A run r0 … rk is then said exactly where triple j (a triple containing
 * "r[j] r[j+1] r[j+2]") sits at slot p + j for every j (see `lineSaysTriples` for why those triples are the run).
 *
 * A posting is a list of entries in rowid order, each: varint rowid delta, varint byte length of its slots, then the
 * slots as varints (the first, then the deltas). The byte length lets a search skip a video without decoding it.
 */

/** Appends one term's entries video by video (rowids ascending), growing its bytes as needed. */
export class PositionsWriter {
  private bytes = new Uint8Array(16);
  private length = 0;
  private lastRowid = 0;
  private readonly scratch: number[] = [];

  /** Adds a video's slots (ascending) for this term. */
  add(rowid: number, slots: readonly number[]): void {
    const body = this.scratch;
    body.length = 0;
    let previous = 0;
    for (const slot of slots) {
      pushVarint(body, slot - previous);
      previous = slot;
    }
    this.addEncoded(rowid, body);
  }

  /** Adds a video's slots already encoded (as read from another posting). */
  addEncoded(rowid: number, body: ArrayLike<number>): void {
    const head: number[] = [];
    pushVarint(head, rowid - this.lastRowid);
    pushVarint(head, body.length);
    this.reserve(head.length + body.length);
    this.bytes.set(head, this.length);
    this.length += head.length;
    this.bytes.set(body, this.length);
    this.length += body.length;
    this.lastRowid = rowid;
  }

  toBuffer(): Buffer {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.length);
  }

  private reserve(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + more));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}

function pushVarint(into: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    into.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  into.push(rest);
}

/** The `rowid` of a cursor past its last entry (above any rowid; a small integer, which keeps the loops on integers). */
export const END = 0x7fffffff;

/** A walk over one posting's entries; `rowid` is END past the last. */
export class EntryCursor {
  rowid = -1;
  private at = 0;
  private bodyStart = 0;
  private bodyEnd = 0;

  constructor(private readonly posting: Uint8Array) {
    this.next();
  }

  /** Moves to the next entry, skipping the current one's slots undecoded. */
  next(): void {
    this.at = this.bodyEnd;
    if (this.at >= this.posting.length) {
      this.rowid = END;
      return;
    }
    const delta = this.varint();
    const size = this.varint();
    this.rowid = (this.rowid < 0 ? 0 : this.rowid) + delta;
    this.bodyStart = this.at;
    this.bodyEnd = this.at + size;
  }

  /**
   * Moves to the first entry at or past `rowid`. The entries passed over are read in local variables, header only:
   * a common term's posting holds an entry for most videos, and a run's rarer terms make it jump over most of them.
   */
  seek(rowid: number): void {
    if (this.rowid >= rowid) return;
    const posting = this.posting;
    let at = this.bodyEnd;
    let current = this.rowid;
    while (at < posting.length) {
      let byte = posting[at++] ?? 0;
      let delta = byte & 0x7f;
      for (let scale = 0x80; byte >= 0x80; scale *= 0x80) {
        byte = posting[at++] ?? 0;
        delta += (byte & 0x7f) * scale;
      }
      byte = posting[at++] ?? 0;
      let size = byte & 0x7f;
      for (let scale = 0x80; byte >= 0x80; scale *= 0x80) {
        byte = posting[at++] ?? 0;
        size += (byte & 0x7f) * scale;
      }
      current += delta;
      if (current >= rowid) {
        this.rowid = current;
        this.at = at;
        this.bodyStart = at;
        this.bodyEnd = at + size;
        return;
      }
      at += size;
    }
    this.rowid = END;
    this.at = at;
    this.bodyEnd = at;
  }

  /** The current entry's slots, ascending. */
  slots(): number[] {
    const slots: number[] = [];
    this.at = this.bodyStart;
    let slot = 0;
    while (this.at < this.bodyEnd) {
      slot += this.varint();
      slots.push(slot);
    }
    return slots;
  }

  /** Writes the current entry's slots into `into` from `from` (room for one per byte of the entry), answers the end. */
  slotsInto(into: Int32Array, from: number): number {
    let end = from;
    this.at = this.bodyStart;
    let slot = 0;
    while (this.at < this.bodyEnd) {
      slot += this.varint();
      into[end++] = slot;
    }
    return end;
  }

  /** Bytes of the current entry's slots (at least its number of slots). */
  get bodyLength(): number {
    return this.bodyEnd - this.bodyStart;
  }

  /** The current entry's slots as encoded (to copy it into another posting). */
  body(): Uint8Array {
    return this.posting.subarray(this.bodyStart, this.bodyEnd);
  }

  private varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.posting[this.at++] ?? 0;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }
}

/**
 * The posting with the given videos' entries put in (replacing any they had): `added` maps rowid to slots. Used when
 * transcripts are added one by one; other videos' entries are copied undecoded.
 */
export function mergePositions(posting: Uint8Array | null, added: ReadonlyMap<number, readonly number[]>): Buffer {
  const writer = new PositionsWriter();
  const rowids = [...added.keys()].sort((a, b) => a - b);
  const cursor = posting ? new EntryCursor(posting) : null;
  let next = 0;
  const flushBefore = (limit: number): void => {
    for (; next < rowids.length && (rowids[next] ?? 0) < limit; next++) {
      const rowid = rowids[next] ?? 0;
      writer.add(rowid, added.get(rowid) ?? []);
    }
  };
  for (; cursor && cursor.rowid !== END; cursor.next()) {
    flushBefore(cursor.rowid);
    if (!added.has(cursor.rowid)) writer.addEncoded(cursor.rowid, cursor.body());
  }
  flushBefore(END);
  return writer.toBuffer();
}

/**
 * Marks `flags[rowid] = 1` for every video (rowid below the flags' length; with `within`, only those it flags) saying
 * term group j at slot p + offsets[j] for every j (offsets[j] = j when not given), where `termGroups[j]` holds the
 * postings of the terms group j may be (a run's triples). The groups' postings are walked together in rowid order, each jumping to the furthest rowid any of them
 * reached, so the cost follows the videos saying the rarest group and the entries skipped, never a video's lines; only
 * videos `within` have their slots read (a list search tests the videos its tab and filters left, not every video
 * saying the phrase).
 */
export function markRunPositions(termGroups: readonly (readonly Uint8Array[])[], flags: Uint8Array, within?: Uint8Array, offsets?: readonly number[]): void {
  // A group no term fits is said nowhere, so neither is the run.
  if (termGroups.length === 0 || termGroups.some((postings) => postings.length === 0)) return;
  // One flat array of cursors, group j's at [starts[j], starts[j + 1]): arrays of one shape whatever the terms, so the
  // optimised walk is not thrown away when a search has a group of one term after one of several (V8 "wrong map").
  const groups = termGroups.length;
  const starts = new Int32Array(groups + 1);
  const cursors: EntryCursor[] = [];
  const bytes = new Float64Array(groups);
  for (let j = 0; j < groups; j++) {
    for (const posting of termGroups[j] ?? []) {
      cursors.push(new EntryCursor(posting));
      bytes[j] = (bytes[j] ?? 0) + posting.length;
    }
    starts[j + 1] = cursors.length;
  }
  const order = new GroupOrder(cursors, starts);
  // The rarest group (fewest bytes of postings) leads: it moves the target furthest, so the common groups' cursors jump
  // over most of their entries instead of stopping at each.
  const leading = Int32Array.from(Array.from({ length: groups }, (_, j) => j).sort((a, b) => (bytes[a] ?? 0) - (bytes[b] ?? 0)));
  const limit = Math.min(flags.length, END);
  const run = new RunSlots(Int32Array.from({ length: groups }, (_, j) => (offsets?.[j] ?? j) - (offsets?.[0] ?? 0)));
  let target = 0;
  for (;;) {
    if (within) while (target < limit && within[target] !== 1) target++;
    // Every group's lowest rowid at or past the target; the target moves on until they agree.
    let agreed = false;
    while (!agreed) {
      agreed = true;
      for (let g = 0; g < groups; g++) {
        const low = order.lowestFrom(leading[g] ?? 0, target);
        if (low >= limit) return;
        if (low > target) {
          target = low;
          if (within) while (target < limit && within[target] !== 1) target++;
          agreed = false;
        }
      }
    }
    if (run.saidAt(cursors, order, target)) flags[target] = 1;
    target += 1;
  }
}

/**
 * Each group's cursors in rowid order (`at`, group j's at [starts[j], starts[j + 1])). A phrase's group can be dozens
 * of terms (a first word ending with the run, in scripts written without spaces), most of them rare: only the cursors
 * at the front, behind the target, are moved, and a rare one moved far waits at the back, so a video the walk stops at
 * costs the cursors standing on it, not every term of the group.
 */
class GroupOrder {
  readonly at: Int32Array;

  constructor(private readonly cursors: readonly EntryCursor[], readonly starts: Int32Array) {
    this.at = Int32Array.from(cursors.keys());
    for (let j = 0; j + 1 < starts.length; j++) {
      for (let i = (starts[j] ?? 0) + 1; i < (starts[j + 1] ?? 0); i++) this.settle(i, starts[j] ?? 0);
    }
  }

  /** Moves group j's cursors behind `target` to it (or past), keeping the order; answers the group's lowest rowid. */
  lowestFrom(j: number, target: number): number {
    const first = this.starts[j] ?? 0;
    const end = this.starts[j + 1] ?? 0;
    for (;;) {
      const front = this.cursors[this.at[first] ?? 0] as EntryCursor;
      if (front.rowid >= target) return front.rowid;
      front.seek(target);
      // Back into its place: shift the cursors now lower than it one step to the front.
      let i = first;
      const moved = this.at[first] ?? 0;
      while (i + 1 < end && (this.cursors[this.at[i + 1] ?? 0] as EntryCursor).rowid < front.rowid) {
        this.at[i] = this.at[i + 1] ?? 0;
        i++;
      }
      this.at[i] = moved;
    }
  }

  /** Insertion step of the first ordering: the cursor at position i moved before the higher ones of [first, i). */
  private settle(i: number, first: number): void {
    const index = this.at[i] ?? 0;
    const rowid = (this.cursors[index] as EntryCursor).rowid;
    let k = i;
    while (k > first && (this.cursors[this.at[k - 1] ?? 0] as EntryCursor).rowid > rowid) {
      this.at[k] = this.at[k - 1] ?? 0;
      k--;
    }
    this.at[k] = index;
  }
}

/**
 * Whether the video every cursor group stands on (the front cursors of each at `rowid`) has group j at slot
 * p + shifts[j] for some p. A common phrase is said in tens of thousands of videos, each a few times: all groups' slots go into one reused
 * array (group j's from `from[j]`) and are searched in place, with no allocation per video.
 */
class RunSlots {
  private slots: Int32Array = new Int32Array(64);
  private readonly from: Int32Array;

  constructor(private readonly shifts: Int32Array) {
    this.from = new Int32Array(shifts.length + 1);
  }

  saidAt(cursors: readonly EntryCursor[], order: GroupOrder, rowid: number): boolean {
    const groups = this.from.length - 1;
    const { at, starts } = order;
    let end = 0;
    for (let j = 0; j < groups; j++) {
      this.from[j] = end;
      // The group's cursors at the rowid are the first ones of its order.
      for (let c = starts[j] ?? 0; c < (starts[j + 1] ?? 0); c++) {
        const cursor = cursors[at[c] ?? 0] as EntryCursor;
        if (cursor.rowid !== rowid) break;
        if (this.slots.length < end + cursor.bodyLength) this.slots = grow(this.slots, end + cursor.bodyLength);
        end = cursor.slotsInto(this.slots, end);
      }
    }
    this.from[groups] = end;
    const slots = this.slots;
    const from = this.from;
    const shifts = this.shifts;
    for (let i = from[0] ?? 0; i < (from[1] ?? 0); i++) {
      const slot = slots[i] ?? 0;
      let all = true;
      for (let j = 1; j < groups && all; j++) {
        all = false;
        const wanted = slot + (shifts[j] ?? j);
        for (let k = from[j] ?? 0; k < (from[j + 1] ?? 0) && !all; k++) all = slots[k] === wanted;
      }
      if (all) return true;
    }
    return false;
  }
}

function grow(array: Int32Array, length: number): Int32Array {
  const grown = new Int32Array(Math.max(length, array.length * 2, 16));
  grown.set(array);
  return grown;
}

let walkWarmed = false;

/**
 * Runs the walk once over made-up postings (a few milliseconds, once per process), so V8 has optimised it before the
 * first search a person types: the first product names searched after a start took 15–40 ms at 100k videos in the
 * interpreter, 3 ms once optimised.
 */
export function warmRunWalk(): void {
  if (walkWarmed) return;
  walkWarmed = true;
  const videos = 4_000;
  // Four groups, one of them two terms (as a short word is the end of several), said at varied slots: every branch of
  // the walk is taken, so the optimised code meets nothing it has not seen.
  const writers = Array.from({ length: 5 }, () => new PositionsWriter());
  for (let rowid = 0; rowid < videos; rowid++) {
    writers.forEach((writer, w) => {
      const j = Math.min(w, 3);
      if ((rowid + w) % (w === 4 ? 7 : 3) !== 0) writer.add(rowid, [j + 7, j + 40 + (rowid % 5), j + 90 + (rowid % 200) * 3]);
    });
  }
  const buffers = writers.map((writer) => writer.toBuffer());
  const postings = [[buffers[0] ?? new Uint8Array(0)], [buffers[1] ?? new Uint8Array(0)], [buffers[2] ?? new Uint8Array(0)], [buffers[3] ?? new Uint8Array(0), buffers[4] ?? new Uint8Array(0)]];
  const within = new Uint8Array(videos).map((_, rowid) => (rowid % 4 === 0 ? 0 : 1));
  for (let round = 0; round < 8; round++) markRunPositions(round % 4 === 3 ? postings.slice(1) : postings, new Uint8Array(round % 3 === 2 ? videos / 2 : videos), round % 2 === 0 ? within : undefined);
}
