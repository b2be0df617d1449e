import type { SqlClient } from '../../db/sqlClient';
import type { Passage, SpeechCluster, SpeechReportQuery } from '../../../shared/http/reports.schemas';
import { SPEECH_PAGE_SIZE, SPEECH_PASSAGES_PER_VIDEO, SPEECH_VIDEOS_PER_CREATOR } from '../../../shared/http/reports.schemas';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import { numberOrNull } from '../../search/columnValues';
import type { VideoColumns } from '../../search/videoColumns';
import { createTranscriptLines } from '../videos/transcriptLines';
import { videosInWindow, type HomeRange } from '../home/homeFigures';
import type { HomeRows } from '../home/homeRows';
import { orderOrdinals, topGroups, topOrdinals } from '../../search/topOrdinals';

/** Seconds a line lasts when no line follows it. */
const LAST_LINE_SECONDS = 4;

interface LineRow { line_no: number; start_time: number; content: string; sentiment: Passage['sentiment'] }

/**
 * Speech reports (spec §7 /reports/speech_reports, issue 12): the transcript passages of the window's videos that say
 * the highlight (the videos list's transcript search, so the two find the same videos), or, without one, the lines
 * said with a clear sentiment. Videos are found from the transcript terms and the list index's columns; only the
 * page's videos have their lines read, so a page costs its 20 clusters, not every matching line of the workspace.
 * The videos' rows and lines come from either engine (`rows`, `sql`); the transcript index is prepared for the highlight
 * before its synchronous tests.
 */
export function createSpeechPassages(sql: SqlClient, rowsOf: HomeRows, index: VideoSearchIndex) {
  const lines = createTranscriptLines(sql, index.transcripts);

  /** The ordinals that have passages (in no set order: every use ranks them in an order of its own). */
  function matching(range: HomeRange, query: SpeechReportQuery): { columns: VideoColumns; ordinals: number[] } {
    // Who says the highlight (or has a transcript) is tested first, in the window's pass: the filters test fewer.
    const size = index.columnsNow().size;
    const flags = query.highlight !== '' ? index.transcripts.saying(query.highlight, size) : index.transcripts.transcribed(size);
    const { columns, picked } = videosInWindow(index, range, (o) => flags[o] === 1);
    return { columns, ordinals: picked };
  }

  /**
   * The first `limit` ordinals as asked: by the sort value (missing values last either way), ties newest created then
   * id, so pages never overlap. A page of videos keeps only the best few in one pass; clustering sorts them all.
   */
  function ordered(columns: VideoColumns, ordinals: number[], query: SpeechReportQuery, limit: number): number[] {
    const key = sortValue(columns, query);
    // Keeping the best few costs about their number per video: past a few pages a sort is cheaper.
    return limit <= 4 * SPEECH_PAGE_SIZE ? topOrdinals(columns, ordinals, key, Math.min(limit, ordinals.length)) : orderOrdinals(columns, ordinals, key).slice(0, limit);
  }

  async function passagesOf(videoId: string, highlight: string): Promise<{ count: number; passages: Passage[] }> {
    const all = (await lines.all(videoId)) as LineRow[];
    const endOf = (at: number) => all[at + 1]?.start_time ?? (all[at]?.start_time ?? 0) + LAST_LINE_SECONDS;
    // The line test of the transcript search (one reading of the lines); odd spacing goes to the line index.
    const says = highlight === '' ? null : index.transcripts.lineTest(highlight);
    const wanted = highlight === '' || says ? null : new Set((await lines.lines(videoId, highlight)).lines.map((line) => line.line_no));
    const found: Passage[] = [];
    all.forEach((line, at) => {
      const keep = says ? says(line.content) : wanted ? wanted.has(line.line_no) : line.sentiment === 'positive' || line.sentiment === 'negative';
      if (keep) found.push({ video_id: videoId, start_time: line.start_time, end_time: endOf(at), content: line.content, sentiment: line.sentiment });
    });
    return { count: found.length, passages: found.slice(0, SPEECH_PASSAGES_PER_VIDEO) };
  }

  async function videosWithPassages(ids: readonly string[], highlight: string): Promise<SpeechCluster['videos']> {
    const rows = await rowsOf.publishedVideos(ids);
    const videos: SpeechCluster['videos'] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      const { count, passages } = await passagesOf(id, highlight);
      videos.push({ ...row, passage_count: count, passages });
    }
    return videos;
  }

  return async (range: HomeRange, query: SpeechReportQuery): Promise<{ total_videos: number; total_clusters: number; pages: number; clusters: SpeechCluster[] }> => {
    await index.transcripts.ready(query.highlight === '' ? [] : [query.highlight]);
    const { columns, ordinals } = matching(range, query);
    const from = (query.page - 1) * SPEECH_PAGE_SIZE;
    if (query.cluster === 'video') {
      const pageIds = ordered(columns, ordinals, query, from + SPEECH_PAGE_SIZE).slice(from).map((o) => columns.id[o] ?? '');
      const clusters = (await videosWithPassages(pageIds, query.highlight)).map((video) => ({ key: video._id, label: video.title, videos: [video] }));
      return { total_videos: ordinals.length, total_clusters: ordinals.length, pages: Math.ceil(ordinals.length / SPEECH_PAGE_SIZE), clusters };
    }
    // By creator: in the order of each creator's first video in the sort; videos without a creator form one cluster.
    const { total, groups } = topGroups(columns, ordinals, sortValue(columns, query), (o) => columns.creator[o] ?? -1,
      { from, count: SPEECH_PAGE_SIZE, perGroup: SPEECH_VIDEOS_PER_CREATOR });
    const creatorIds = columns.dict.creator.values();
    const clusters = await Promise.all(groups.map(async ({ group: code, members }) => {
      const videos = await videosWithPassages(members.map((o) => columns.id[o] ?? ''), query.highlight);
      return { key: code < 0 ? 'none' : (creatorIds[code] ?? ''), label: videos[0]?.creator_name ?? 'Unknown creator', videos };
    }));
    return { total_videos: ordinals.length, total_clusters: total, pages: Math.ceil(total / SPEECH_PAGE_SIZE), clusters };
  };
}

/**
 * The key of the sort asked for, largest first (missing values last either way). A ranking compares each video many
 * times, so every key is a read of a number.
 */
function sortValue(columns: VideoColumns, query: SpeechReportQuery): (o: number) => number {
  const value = sortKey(columns, query.cluster_sort_by);
  return (o) => {
    const v = value(o);
    return v === null ? -Infinity : query.desc ? v : -v;
  };
}

/**
 * Publication times as numbers, parsed once per video and kept until the columns' order changes (a publication date
 * changing is such a change): a date is a string to parse, and a page of a 100k workspace compares thousands.
 */
const publishedTimes = new WeakMap<VideoColumns, { version: number; ms: Float64Array }>();

function publishedMs(columns: VideoColumns, o: number): number | null {
  let known = publishedTimes.get(columns);
  if (!known || known.version !== columns.orderVersion || known.ms.length < columns.size) {
    known = { version: columns.orderVersion, ms: new Float64Array(columns.size).fill(Number.NaN) };
    publishedTimes.set(columns, known);
  }
  let ms = known.ms[o] ?? Number.NaN;
  if (Number.isNaN(ms)) {
    const at = columns.publishedAt[o];
    // -Infinity marks "never published" (NaN is "not parsed yet").
    ms = at ? Date.parse(at) : Number.NEGATIVE_INFINITY;
    if (Number.isNaN(ms)) ms = Number.NEGATIVE_INFINITY;
    known.ms[o] = ms;
  }
  return ms === Number.NEGATIVE_INFINITY ? null : ms;
}

/** The value a video is sorted by (null: it has none, as a video never published). */
function sortKey(columns: VideoColumns, by: SpeechReportQuery['cluster_sort_by']): (o: number) => number | null {
  switch (by) {
    case 'views': return (o) => columns.views[o] ?? 0;
    case 'positive': return (o) => numberOrNull(columns.feltPositive(o));
    case 'negative': return (o) => numberOrNull(columns.feltNegative(o));
    default: return (o) => publishedMs(columns, o);
  }
}
