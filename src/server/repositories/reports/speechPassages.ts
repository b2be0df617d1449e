import type Database from 'better-sqlite3';
import type { Passage, SpeechCluster, SpeechReportQuery } from '../../../shared/http/reports.schemas';
import { SPEECH_PAGE_SIZE, SPEECH_PASSAGES_PER_VIDEO, SPEECH_VIDEOS_PER_CREATOR } from '../../../shared/http/reports.schemas';
import type { Platform } from '../../../shared/constants';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import type { VideoColumns } from '../../search/videoColumns';
import { createTranscriptLines } from '../videos/transcriptLines';
import { videosInRange, type HomeRange } from '../home/homeFigures';

/** Seconds a line lasts when no line follows it. */
const LAST_LINE_SECONDS = 4;

interface LineRow { line_no: number; start_time: number; content: string; sentiment: Passage['sentiment'] }

/**
 * Speech reports (spec §7 /reports/speech_reports, issue 12): the transcript passages of the window's videos that say
 * the highlight (the videos list's transcript search, so the two find the same videos), or, without one, the lines
 * said with a clear sentiment. Videos are found from the transcript terms and the list index's columns; only the
 * page's videos have their lines read, so a page costs its 20 clusters, not every matching line of the workspace.
 */
export function createSpeechPassages(db: Database.Database, index: VideoSearchIndex) {
  const lines = createTranscriptLines(db, index.transcripts);
  const transcribed = db.prepare('SELECT 1 FROM transcript_lines WHERE video_id = ? LIMIT 1').pluck();
  const videoRows = db.prepare(`SELECT v.id AS _id, v.title, v.platform, v.thumbnail_url, c.name AS creator_name, v.published_at, v.views
    FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.id IN (SELECT value FROM json_each(?))`);

  /** The ordinals that have passages, sorted as asked (ties: newest created, then id, so pages never overlap). */
  function matching(range: HomeRange, query: SpeechReportQuery): { columns: VideoColumns; ordinals: number[] } {
    const { columns, picked } = videosInRange(index, range);
    let ordinals: number[];
    if (query.highlight !== '') {
      const says = index.transcripts.matcher(query.highlight, columns.size);
      ordinals = picked.filter((o) => says(o));
    } else {
      ordinals = picked.filter((o) => transcribed.get(columns.id[o] ?? '') !== undefined);
    }
    const key = sortKey(columns, query.cluster_sort_by);
    const direction = query.desc ? -1 : 1;
    ordinals.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      // Missing values (no publication date) go last whichever the direction.
      if (ka === null || kb === null) return ka === kb ? 0 : ka === null ? 1 : -1;
      if (ka !== kb) return (ka < kb ? -1 : 1) * direction;
      return (columns.createdMs[b] ?? 0) - (columns.createdMs[a] ?? 0) || ((columns.id[b] ?? '') > (columns.id[a] ?? '') ? 1 : -1);
    });
    return { columns, ordinals };
  }

  function passagesOf(videoId: string, highlight: string): { count: number; passages: Passage[] } {
    const all = lines.all(videoId) as LineRow[];
    const endOf = (at: number) => all[at + 1]?.start_time ?? (all[at]?.start_time ?? 0) + LAST_LINE_SECONDS;
    const wanted = highlight === '' ? null : new Set(lines.lines(videoId, highlight).lines.map((line) => line.line_no));
    const found: Passage[] = [];
    all.forEach((line, at) => {
      const keep = wanted ? wanted.has(line.line_no) : line.sentiment === 'positive' || line.sentiment === 'negative';
      if (keep) found.push({ video_id: videoId, start_time: line.start_time, end_time: endOf(at), content: line.content, sentiment: line.sentiment });
    });
    return { count: found.length, passages: found.slice(0, SPEECH_PASSAGES_PER_VIDEO) };
  }

  function videosWithPassages(ids: readonly string[], highlight: string): SpeechCluster['videos'] {
    const rows = new Map((videoRows.all(JSON.stringify(ids)) as { _id: string; title: string; platform: Platform; thumbnail_url: string | null; creator_name: string | null; published_at: string | null; views: number }[])
      .map((row) => [row._id, row]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      if (!row) return [];
      const { count, passages } = passagesOf(id, highlight);
      return [{ ...row, passage_count: count, passages }];
    });
  }

  return (range: HomeRange, query: SpeechReportQuery): { total_videos: number; total_clusters: number; pages: number; clusters: SpeechCluster[] } => {
    const { columns, ordinals } = matching(range, query);
    const from = (query.page - 1) * SPEECH_PAGE_SIZE;
    if (query.cluster === 'video') {
      const pageIds = ordinals.slice(from, from + SPEECH_PAGE_SIZE).map((o) => columns.id[o] ?? '');
      const clusters = videosWithPassages(pageIds, query.highlight).map((video) => ({ key: video._id, label: video.title, videos: [video] }));
      return { total_videos: ordinals.length, total_clusters: ordinals.length, pages: Math.ceil(ordinals.length / SPEECH_PAGE_SIZE), clusters };
    }
    // By creator: in the order of each creator's first video in the sort; videos without a creator form one cluster.
    const byCreator = new Map<number, number[]>();
    for (const o of ordinals) {
      const code = columns.creator[o] ?? -1;
      let list = byCreator.get(code);
      if (!list) byCreator.set(code, (list = []));
      list.push(o);
    }
    const creatorIds = columns.dict.creator.values();
    const groups = [...byCreator].slice(from, from + SPEECH_PAGE_SIZE);
    const clusters = groups.map(([code, members]) => {
      const videos = videosWithPassages(members.slice(0, SPEECH_VIDEOS_PER_CREATOR).map((o) => columns.id[o] ?? ''), query.highlight);
      return { key: code < 0 ? 'none' : (creatorIds[code] ?? ''), label: videos[0]?.creator_name ?? 'Unknown creator', videos };
    });
    return { total_videos: ordinals.length, total_clusters: byCreator.size, pages: Math.ceil(byCreator.size / SPEECH_PAGE_SIZE), clusters };
  };
}

/** The value a video is sorted by (null: it has none, as a video never published). */
function sortKey(columns: VideoColumns, by: SpeechReportQuery['cluster_sort_by']): (o: number) => number | string | null {
  switch (by) {
    case 'views': return (o) => columns.views[o] ?? 0;
    case 'positive': return (o) => nanToNull(columns.positive[o]);
    case 'negative': return (o) => nanToNull(columns.negative[o]);
    default: return (o) => columns.publishedAt[o] ?? null;
  }
}

const nanToNull = (value: number | undefined): number | null => (value === undefined || value !== value ? null : value);
