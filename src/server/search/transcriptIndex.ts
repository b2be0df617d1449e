import type Database from 'better-sqlite3';

/** Videos whose transcript changed since the postings were loaded; past this many, the postings are reloaded. */
const DIRTY_LIMIT = 2000;

/**
 * Which videos say which transcript text, in memory: for each distinct text (transcript_texts.id) the ordinals (videos
 * rowids) of the videos with a line of exactly that text (loaded once from video_texts, 4 bytes per entry). A search
 * asks SQLite's trigram index which texts contain the phrase (few rows when lines repeat) and unions their postings.
 * Videos whose transcript changed later (the log's 'transcript' entries) are answered from video_texts in SQL instead.
 */
export class TranscriptIndex {
  private offsets: Int32Array = new Int32Array(1);
  private postings: Int32Array = new Int32Array(0);
  /** The other direction: for each ordinal the texts its video says (same entries). */
  private videoOffsets: Int32Array = new Int32Array(1);
  private videoTexts: Int32Array = new Int32Array(0);
  private dirty = new Set<number>();
  private loaded = false;
  private readonly all: Database.Statement;
  private readonly texts: Database.Statement;
  private readonly ofVideo: Database.Statement;
  /** Milliseconds the last load took (the bench prints it). */
  loadMs = 0;

  constructor(db: Database.Database) {
    this.all = db.prepare('SELECT video_rowid, text_id FROM video_texts').raw();
    this.texts = db.prepare('SELECT rowid FROM transcript_text_fts WHERE transcript_text_fts MATCH ?').pluck();
    this.ofVideo = db.prepare('SELECT text_id FROM video_texts WHERE video_rowid = ?').pluck();
  }

  /** A video's transcript changed: answer it from SQL until the next load. */
  markDirty(ordinal: number): void {
    if (!this.loaded) return;
    this.dirty.add(ordinal);
    if (this.dirty.size > DIRTY_LIMIT) this.loaded = false;
  }

  private load(): void {
    const started = performance.now();
    let videos = new Int32Array(1 << 20);
    let texts = new Int32Array(1 << 20);
    let count = 0;
    let maxText = 0;
    let maxVideo = 0;
    for (const [video, text] of this.all.iterate() as IterableIterator<[number, number]>) {
      if (count === videos.length) {
        const grownVideos = new Int32Array(count * 2);
        grownVideos.set(videos);
        videos = grownVideos;
        const grownTexts = new Int32Array(count * 2);
        grownTexts.set(texts);
        texts = grownTexts;
      }
      videos[count] = video;
      texts[count] = text;
      if (text > maxText) maxText = text;
      if (video > maxVideo) maxVideo = video;
      count += 1;
    }
    const [offsets, postings] = groupBy(texts, videos, count, maxText);
    this.offsets = offsets;
    this.postings = postings;
    [this.videoOffsets, this.videoTexts] = groupBy(videos, texts, count, maxVideo);
    this.dirty = new Set();
    this.loaded = true;
    this.loadMs = performance.now() - started;
  }

  /**
   * A test of whether a video has a transcript line containing the phrase (an FTS5 phrase query, same tokenizer and
   * meaning as `transcript_fts MATCH`). `candidates` is how many videos will be tested: when the matching texts' postings
   * are longer than the candidates' own text lists, each candidate checks its texts instead (common words), so the cost
   * follows the smaller side. `size` covers every ordinal.
   */
  matcher(phrase: string, candidates: number, size: number): (ordinal: number) => boolean {
    if (!this.loaded) this.load();
    const matched = this.texts.all(phrase) as number[];
    const { offsets, postings, videoOffsets, videoTexts } = this;
    const span = (bounds: Int32Array, at: number): [number, number] =>
      at + 1 < bounds.length ? [bounds[at] ?? 0, bounds[at + 1] ?? 0] : [0, 0];
    let postingTotal = 0;
    for (const text of matched) {
      const [from, to] = span(offsets, text);
      postingTotal += to - from;
    }
    const perVideo = videoTexts.length / Math.max(1, videoOffsets.length - 1);
    const exceptions = new Map<number, boolean>();
    if (this.dirty.size > 0) {
      const wanted = new Set(matched);
      for (const ordinal of this.dirty) exceptions.set(ordinal, (this.ofVideo.all(ordinal) as number[]).some((text) => wanted.has(text)));
    }
    const exception = (ordinal: number): boolean | undefined => (exceptions.size === 0 ? undefined : exceptions.get(ordinal));
    if (postingTotal <= candidates * perVideo) {
      const flags = new Uint8Array(size);
      for (const text of matched) {
        const [from, to] = span(offsets, text);
        for (let i = from; i < to; i++) flags[postings[i] ?? 0] = 1;
      }
      return (ordinal) => exception(ordinal) ?? flags[ordinal] === 1;
    }
    const wantedText = new Uint8Array(offsets.length);
    for (const text of matched) if (text < wantedText.length) wantedText[text] = 1;
    return (ordinal) => {
      const known = exception(ordinal);
      if (known !== undefined) return known;
      if (ordinal + 1 >= videoOffsets.length) return false;
      const to = videoOffsets[ordinal + 1] ?? 0;
      for (let i = videoOffsets[ordinal] ?? 0; i < to; i++) if (wantedText[videoTexts[i] ?? 0] === 1) return true;
      return false;
    };
  }
}

/** Groups `count` (key, value) pairs by key into offsets (key → start, key + 1 → end) and values (counting sort). */
function groupBy(keys: Int32Array, values: Int32Array, count: number, maxKey: number): [Int32Array, Int32Array] {
  const offsets = new Int32Array(maxKey + 2);
  for (let i = 0; i < count; i++) {
    const key = (keys[i] ?? 0) + 1;
    offsets[key] = (offsets[key] ?? 0) + 1;
  }
  for (let k = 1; k < offsets.length; k++) offsets[k] = (offsets[k] ?? 0) + (offsets[k - 1] ?? 0);
  const fill = offsets.slice(0, offsets.length - 1);
  const grouped = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const key = keys[i] ?? 0;
    grouped[fill[key] ?? 0] = values[i] ?? 0;
    fill[key] = (fill[key] ?? 0) + 1;
  }
  return [offsets, grouped];
}
