import type { SqlClient } from '../db/sqlClient';
import { createBrandMarksReader, type BrandMarks } from './brandMarks';
import { createSearchLog } from './searchLog';
import { readColumnsSnapshot, SNAPSHOT_REPLAY_LIMIT, writeColumnsSnapshot } from './searchSnapshot';
import { loadVideoRows } from './videoColumnRows';
import { VideoColumns } from './videoColumns';

/**
 * The list index's columns and the brands' marks, kept current with the database on either engine. `catchUp` (async)
 * restores the saved snapshot or loads every video on first use, then replays the logged writes since (searchLog.ts);
 * `marksOf` re-reads a brand's marks when their version moved (migration 024). Everything the index answers is then
 * computed synchronously from memory. Replays apply in one synchronous step after their reads, so a computation never
 * sees half a replay.
 */
export class FollowedColumns {
  private columns: VideoColumns | null = null;
  private position = 0;
  private replayedSinceSave = 0;
  private following: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** The newest log head a caller waiting for the queued catch-up asked for. */
  private queuedHead = 0;
  private readonly marks: ReturnType<typeof createBrandMarksReader>;
  /** Per brand: its marks, their version, and the columns' generation their ordinals were mapped with. */
  private readonly brandState = new Map<string, { version: number; columnsGeneration: number; marks: BrandMarks }>();
  /** Reads of a brand's marks under way, by brand, mark version and columns generation. */
  private readonly marksReading = new Map<string, Promise<BrandMarks>>();
  private readonly log;
  /** Bumped whenever the columns changed (a brand's marks map ids to ordinals through them). */
  private columnsGeneration = 0;
  /** Bumped whenever a column or a brand's marks changed: whatever was computed from them is stale. */
  generation = 0;
  /** Milliseconds the columns took to load (the bench prints it). */
  loadMs = 0;

  /**
   * `onVideosChanged` hears the brands whose videos a replay changed (their days are built again) and the ids it
   * replayed (a video's transcript lines are logged under its id too).
   */
  constructor(private readonly sql: SqlClient, private readonly onVideosChanged: (brands: ReadonlySet<string>, ids: readonly string[]) => void) {
    this.marks = createBrandMarksReader(sql);
    this.log = createSearchLog(sql);
  }

  /** The columns as of the last catch-up (a programming error before the first). */
  get current(): VideoColumns {
    if (!this.columns) throw new Error('The list index was read before it was loaded: await ready() first.');
    return this.columns;
  }

  /**
   * Brings the columns up to date with every write committed before the log's position `head`, which the caller read
   * after it was called (read-your-writes: a caller arriving while a catch-up runs waits for the next one, which all
   * such callers share, up to the newest head among them).
   */
  catchUp(head: number, logged: { from: number; ids: readonly string[] } | null = null): Promise<void> {
    if (!this.following) return this.start(head, logged);
    this.queuedHead = Math.max(this.queuedHead, head);
    this.queued ??= this.following.catch(() => undefined).then(() => {
      this.queued = null;
      const newest = this.queuedHead;
      this.queuedHead = 0;
      return this.start(newest);
    });
    return this.queued;
  }

  /** The log position the columns include, once loaded (null before): a caller may read the log from it (see follow). */
  get loadedPosition(): number | null {
    return this.columns ? this.position : null;
  }

  private start(head: number, logged: { from: number; ids: readonly string[] } | null = null): Promise<void> {
    const run = this.follow(head, logged).finally(() => {
      if (this.following === run) this.following = null;
    });
    this.following = run;
    return run;
  }

  /** A brand's marks at mark version `version`, read just now (read again when they changed, or when the columns did). */
  async marksOf(brandId: string, version: number): Promise<BrandMarks> {
    const known = this.brandState.get(brandId);
    if (known && known.version === version && known.columnsGeneration === this.columnsGeneration) return known.marks;
    const columnsGeneration = this.columnsGeneration;
    // Callers asking at once (a list page and its filter options) share one read: each read alone cost a start's first
    // list tens of milliseconds at 100k videos.
    const key = `${brandId}|${version}|${columnsGeneration}`;
    const reading = this.marksReading.get(key);
    if (reading) return reading;
    const read = this.marks.read(this.current, brandId).then((marks) => {
      // (Mapped through the columns as they were when read: a replay meanwhile makes the next call read them again.)
      this.brandState.set(brandId, { version, columnsGeneration, marks });
      this.generation += 1;
      return marks;
    }).finally(() => this.marksReading.delete(key));
    this.marksReading.set(key, read);
    return read;
  }

  /** A brand's marks read by `marksOf` (a programming error otherwise). */
  readMarks(brandId: string): BrandMarks {
    const known = this.brandState.get(brandId);
    if (!known) throw new Error(`The list index has no marks of brand ${brandId}: await ready(brandId) first.`);
    return known.marks;
  }

  /** `logged`: the videos logged from `from` up to `head`, when the caller read them with the head (else read here). */
  private async follow(head: number, logged: { from: number; ids: readonly string[] } | null): Promise<void> {
    if (!this.columns) {
      const started = performance.now();
      const saved = await readColumnsSnapshot(this.sql, head);
      if (saved) {
        this.columns = saved.columns;
        this.position = saved.seq;
      } else {
        // The head is taken before the load: anything written meanwhile is replayed (a replay is idempotent).
        this.columns = await VideoColumns.load(this.sql);
        this.position = head;
        await this.saveSnapshot();
      }
      this.columnsGeneration += 1;
      this.generation += 1;
      this.loadMs = performance.now() - started;
    }
    // (A head older than the position: a later catch-up already covered it.)
    if (head <= this.position) return;
    const ids = [...new Set(logged?.from === this.position ? logged.ids : await this.log.between(this.position, head))];
    if (ids.length === 0) {
      // Other tables were written (on PostgreSQL any transaction moves the head): nothing the columns hold changed, so
      // whatever was computed from them stays valid.
      this.position = head;
      return;
    }
    const rows = new Map((await loadVideoRows(this.sql, ids)).map((row) => [row.id, row]));
    // From here to the end of the replay nothing awaits: no computation sees half of it.
    const columns = this.current;
    const brands = new Set<string>();
    for (const id of ids) {
      const before = columns.ordOf.get(id);
      if (before !== undefined) brands.add(columns.brandId[before] ?? '');
      columns.refresh(id, rows.get(id));
      const after = columns.ordOf.get(id);
      if (after !== undefined) brands.add(columns.brandId[after] ?? '');
    }
    this.position = head;
    this.columnsGeneration += 1;
    this.generation += 1;
    this.onVideosChanged(brands, ids);
    this.replayedSinceSave += ids.length;
    // Saved again now and then, so the next start replays little.
    if (this.replayedSinceSave > SNAPSHOT_REPLAY_LIMIT / 4) await this.saveSnapshot();
  }

  private async saveSnapshot(): Promise<void> {
    if (!this.columns) return;
    try {
      await writeColumnsSnapshot(this.sql, this.position, this.columns);
      this.replayedSinceSave = 0;
    } catch {
      // Without a saved snapshot the next start loads afresh: slower, never wrong.
    }
  }
}
