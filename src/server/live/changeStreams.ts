import { createInProcessNotifier, type ChangeNotifier } from '../db/changeNotifier';
import type { BrandChange, BrandChangeLog } from '../repositories/changes/brandChangeLog';
import { LIVE_EVENTS, LIVE_HEARTBEAT_MS, LIVE_STREAMS_PER_USER, type LiveChange } from '../../shared/http/liveChanges.schemas';

/** Changes read from the log at a time; a stream far behind reads again until it has caught up. */
const READ_BATCH = 500;
/**
 * On PostgreSQL a change becomes readable once every older transaction has ended (brandChangeLog.ts): a notice that
 * arrives while an unrelated transaction still runs is read again shortly after, besides at each heartbeat.
 */
const SHARED_RETRY_MS = 300;

/** The socket side of one stream (the route writes SSE text to the response). */
export interface StreamSink {
  write(text: string): void;
  end(): void;
}

export interface OpenStream {
  userId: string;
  brandId: string;
  /** Where it starts: a resumable Last-Event-ID, or null for "from now". */
  resumeFrom: string | null;
  /** When the access token it was opened with ends (ms since the epoch): the stream ends then. */
  expiresAt: number;
  /** Whether the sign-in still lives and the user may still read the brand (checked at every heartbeat). */
  stillAllowed(): Promise<boolean>;
  /**
   * Aborted when the client leaves. It may leave while the stream is still being opened (the reads below await), so
   * the slot it holds is given back then too, not only once the stream is open.
   */
  left: AbortSignal;
  sink: StreamSink;
}

interface Stream extends OpenStream {
  cursor: string;
  reading: boolean;
  again: boolean;
  closed: boolean;
  timers: NodeJS.Timeout[];
  /** The one pending second read after a notice (PostgreSQL). */
  retry: NodeJS.Timeout | null;
}

type OpenResult = { ok: true; close: () => void } | { ok: false; reason: 'too-many' | 'left' };

const frame = (event: string, id: string | null, data: unknown) => `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const toEvent = (change: BrandChange): LiveChange => ({
  kind: change.kind as LiveChange['kind'],
  target_kind: change.targetKind,
  target_id: change.targetId,
  video_id: change.videoId,
  by: change.byUserId === null ? null : { user_id: change.byUserId, name: change.byName },
});

/**
 * Every open live stream of this instance (issue 29), by brand. A stream reads the brand change log from its cursor
 * whenever it may have grown: this process wrote (SQLite, `wake`), or another instance's notice arrived (PostgreSQL,
 * `notifier`), or the listener was away (a gap: every stream reads). Reads of one stream never overlap, so its events
 * go out once and in log order.
 */
/** How often brands with open streams have their ended licenses moved to expired (a time passing writes nothing by itself). */
const TIME_CHANGES_MS = 60_000;

/** Changes that come from time passing, not from a write: run for the brands with open streams, they write (and so are logged). */
export type TimeChanges = (brandIds: readonly string[]) => Promise<void>;

export function createChangeStreams(log: BrandChangeLog, now: () => Date, notifier: ChangeNotifier = createInProcessNotifier(), timeChanges?: TimeChanges) {
  const byBrand = new Map<string, Set<Stream>>();
  const perUser = new Map<string, number>();
  const shared = notifier.shared;

  /** Frees one of the user's stream slots. */
  const giveBack = (userId: string): void => {
    const left = (perUser.get(userId) ?? 1) - 1;
    if (left > 0) perUser.set(userId, left);
    else perUser.delete(userId);
  };

  const close = (stream: Stream): void => {
    if (stream.closed) return;
    stream.closed = true;
    for (const timer of stream.timers) clearTimeout(timer);
    if (stream.retry !== null) clearTimeout(stream.retry);
    byBrand.get(stream.brandId)?.delete(stream);
    if (byBrand.get(stream.brandId)?.size === 0) byBrand.delete(stream.brandId);
    giveBack(stream.userId);
    stream.sink.end();
  };

  const pump = async (stream: Stream): Promise<void> => {
    if (stream.closed) return;
    if (stream.reading) {
      stream.again = true;
      return;
    }
    stream.reading = true;
    try {
      do {
        stream.again = false;
        let batch: BrandChange[];
        do {
          const read = await log.read(stream.brandId, stream.cursor, READ_BATCH);
          batch = read.changes;
          if (stream.closed) return;
          // A favorite is its owner's alone (issue 29): a teammate's screens have nothing to refresh for it.
          const shown = batch.filter((change) => change.kind !== 'favorite' || change.byUserId === stream.userId);
          if (shown.length > 0) stream.sink.write(shown.map((change) => frame(LIVE_EVENTS.change, change.id, toEvent(change))).join(''));
          stream.cursor = read.cursor;
          // Removed from the brand: the stream ends now, not at the next heartbeat (and a reconnect is refused).
          if (batch.some((change) => change.kind === 'team' && change.targetKind === 'removed_member' && change.targetId === stream.userId)) return close(stream);
        } while (batch.length === READ_BATCH);
      } while (stream.again && !stream.closed);
    } catch {
      // The database is away: the client's reconnect resumes from the last id it got.
      close(stream);
    } finally {
      stream.reading = false;
    }
  };

  const wakeBrand = (brandId: string): void => {
    for (const stream of byBrand.get(brandId) ?? []) {
      void pump(stream);
      if (shared && stream.retry === null) {
        stream.retry = setTimeout(() => {
          stream.retry = null;
          void pump(stream);
        }, SHARED_RETRY_MS).unref();
      }
    }
  };
  const wakeAll = (): void => {
    for (const brandId of byBrand.keys()) wakeBrand(brandId);
  };
  const clock = timeChanges
    ? setInterval(() => {
      if (byBrand.size > 0) void timeChanges([...byBrand.keys()]).catch(() => undefined);
    }, TIME_CHANGES_MS).unref()
    : null;
  const listening = log.topic === null ? Promise.resolve() : notifier.subscribe(log.topic, (brandId) => wakeBrand(brandId), wakeAll);

  return {
    /** Opens a stream: `ready` with its starting cursor, then every change after it. Refused past LIVE_STREAMS_PER_USER. */
    async open(options: OpenStream): Promise<OpenResult> {
      const held = perUser.get(options.userId) ?? 0;
      if (held >= LIVE_STREAMS_PER_USER) return { ok: false, reason: 'too-many' };
      perUser.set(options.userId, held + 1);
      let cursor: string;
      let resumed: boolean;
      try {
        await listening;
        resumed = options.resumeFrom !== null && (await log.resumable(options.resumeFrom));
        cursor = resumed ? (options.resumeFrom as string) : await log.start();
      } catch (error) {
        giveBack(options.userId);
        throw error;
      }
      // Counted before the reads so parallel opens cannot pass the limit together; a client gone meanwhile frees it.
      if (options.left.aborted) {
        giveBack(options.userId);
        return { ok: false, reason: 'left' };
      }
      const stream: Stream = { ...options, cursor, reading: false, again: false, closed: false, timers: [], retry: null };
      options.left.addEventListener('abort', () => close(stream), { once: true });
      const brandStreams = byBrand.get(stream.brandId) ?? new Set<Stream>();
      brandStreams.add(stream);
      byBrand.set(stream.brandId, brandStreams);
      stream.sink.write(frame(LIVE_EVENTS.ready, cursor, {}));
      if (options.resumeFrom !== null && !resumed) stream.sink.write(frame(LIVE_EVENTS.resync, null, {}));
      const untilExpiry = Math.max(0, options.expiresAt - now().getTime());
      stream.timers.push(setTimeout(() => {
        stream.sink.write(frame(LIVE_EVENTS.expired, null, {}));
        close(stream);
      }, untilExpiry).unref());
      const heartbeat = setInterval(() => {
        if (stream.closed) return clearInterval(heartbeat);
        stream.sink.write(': heartbeat\n\n');
        void options.stillAllowed().then((allowed) => (allowed ? pump(stream) : close(stream)), () => undefined);
      }, LIVE_HEARTBEAT_MS).unref();
      stream.timers.push(heartbeat);
      void pump(stream);
      return { ok: true, close: () => close(stream) };
    },
    /** This process wrote: every stream reads what is new for its brand (SQLite; cheap when nothing is). */
    wake: wakeAll,
    /**
     * Ends every stream of a user at once (removed from the team). What the log holds for it is sent first: the
     * removal itself is there, and tells the window why it ends (it signs out saying so).
     */
    closeUser(userId: string): void {
      for (const streams of byBrand.values()) for (const stream of [...streams]) if (stream.userId === userId) void pump(stream).finally(() => close(stream));
    },
    /** Ends every stream (the server stopping): clients reconnect, elsewhere, from their last id. */
    closeAll(): void {
      if (clock !== null) clearInterval(clock);
      for (const streams of [...byBrand.values()]) for (const stream of [...streams]) close(stream);
    },
    /** Open streams now (the bench reads memory per stream). */
    count: () => [...byBrand.values()].reduce((sum, streams) => sum + streams.size, 0),
  };
}
export type ChangeStreams = ReturnType<typeof createChangeStreams>;
