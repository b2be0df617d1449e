import type { SupportingData } from '../../../shared/assistant/assistant.schemas';
import type { QuotedLinesRepository } from '../../repositories/assistant/quotedLinesRepository';
import type { FoundLine } from './lineRanking';

/** Seconds a quoted line lasts when no line follows it. */
const LAST_LINE_SECONDS = 4;

/** A quoted line as an answer stores it (it plays until the next line starts), with its video's title and language. */
export async function lineCitation(lines: QuotedLinesRepository, line: FoundLine): Promise<SupportingData & { title: string; language: string }> {
  const { video, next } = await lines.citation(line.videoId, line.lineNo);
  return {
    collection_source: 'transcript_lines', db_id: String(line.lineId), start_ts: line.start, end_ts: next ?? line.start + LAST_LINE_SECONDS,
    source_doc: line.content, source_doc_type: 'transcript_line', thumbnail_url: video?.thumbnail_url ?? null, transcript_id_video_id: line.videoId, title: video?.title ?? '', language: video?.language ?? '',
  };
}
