import type { SupportingData } from '../../../shared/assistant/assistant.schemas';
import { ANSWER_CITATIONS } from '../../../shared/assistant/assistant.schemas';
import { countLabel } from '../../../shared/rules/formatting';
import { formatTime } from '../../../shared/rules/mediaTime';
import type { ServerContext } from '../../context';
import type { HomeRepositories } from '../../repositories/home/index';
import { videosInRange } from '../../repositories/home/homeFigures';
import { topOrdinals } from '../../search/topOrdinals';
import type { VideoColumns } from '../../search/videoColumns';
import type { DateRange } from '../../repositories/videos/videoDates';
import { resolveScope } from '../../routes/main/home/homeScope';
import type { Acting } from '../../routes/main/videos/videoAccess';
import { numbered, windowText } from './answerText';
import { createFigureAnswers, type FigureAnswer } from './figureAnswers';
import { intentOf, questionTerms, toneOf, type Intent } from './questionTerms';
import { createRetrieval, type FoundLine } from './retrieval';

/** Seconds a quoted line lasts when no line follows it. */
const LAST_LINE_SECONDS = 4;
/** Most-viewed videos whose clearest positive and negative lines a sentiment answer quotes. */
const SENTIMENT_SOURCE_VIDEOS = 20;
/** Most-viewed videos of a product or topic read for its quote. */
const QUOTE_SOURCE_VIDEOS = 6;

export interface Ask {
  acting: Acting;
  question: string;
  duration: DateRange;
  start_date?: string | null;
  end_date?: string | null;
  /** Lines quoted by earlier answers to the same question: a regenerated answer quotes others. */
  avoid: ReadonlySet<number>;
  /** The conversation's previous question, for a follow-up that names no subject of its own ("tell me more"). */
  previousQuestion?: string;
}

export interface EngineAnswer {
  intent: Intent;
  content: string;
  supporting_data: SupportingData[];
  window: { start: string | null; end: string };
}

/**
 * The embedded answering engine (issue 13): figures from the dashboards' builders, open questions by retrieval over
 * the transcripts, and every quoted line returned as a citation of a real line the caller may see. Offline and
 * deterministic: the same question over the same data gives the same answer.
 */
export function createAssistantEngine(ctx: ServerContext, home: HomeRepositories) {
  const index = ctx.videos.index;
  const lines = ctx.assistant.lines;
  const retrieve = createRetrieval(lines, index);
  const figures = createFigureAnswers(home, index);

  async function cite(line: FoundLine): Promise<SupportingData & { title: string }> {
    const { video, next } = await lines.citation(line.videoId, line.lineNo);
    return {
      collection_source: 'transcript_lines', db_id: String(line.lineId), start_ts: line.start, end_ts: next ?? line.start + LAST_LINE_SECONDS,
      source_doc: line.content, source_doc_type: 'transcript_line', thumbnail_url: video?.thumbnail_url ?? null, transcript_id_video_id: line.videoId, title: video?.title ?? '',
    };
  }

  function quotesText(cited: readonly (SupportingData & { title: string })[]): string {
    return numbered(cited.map((c) => `“${c.source_doc}” — ${c.title}, ${formatTime(c.start_ts)}`));
  }

  const mostViewed = (columns: VideoColumns, ordinals: readonly number[], limit: number): string[] =>
    topOrdinals(columns, ordinals, (o) => columns.views[o] ?? 0, limit).map((o) => columns.id[o] ?? '');

  async function sentimentQuotes(columns: VideoColumns, picked: readonly number[], avoid: ReadonlySet<number>): Promise<FoundLine[]> {
    const ids = mostViewed(columns, picked, SENTIMENT_SOURCE_VIDEOS);
    const byKind = await Promise.all((['positive', 'negative'] as const).map((kind) => lines.clearLines(ids, kind)));
    return byKind.flatMap((found) => found.filter((line) => !avoid.has(line.lineId)).slice(0, 2));
  }

  async function figureQuotes(answer: FigureAnswer, columns: VideoColumns, picked: readonly number[], avoid: ReadonlySet<number>): Promise<FoundLine[]> {
    const quote = answer.quote;
    if (quote === null) return [];
    if ('sentiment' in quote) return sentimentQuotes(columns, picked, avoid);
    // A product's or topic's videos come from its posting list, kept to the window's.
    const { lists } = columns.postingsOf(columns[quote.column]);
    const inWindow = new Uint8Array(columns.size);
    for (const o of picked) inWindow[o] = 1;
    const quoted = await Promise.all(quote.keys.map(({ code, phrase }) => {
      const videos = mostViewed(columns, [...(lists.get(code) ?? [])].filter((o) => inWindow[o] === 1), QUOTE_SOURCE_VIDEOS);
      return retrieve.quoteIn(videos, questionTerms(phrase), avoid, 1);
    }));
    return quoted.flat();
  }

  return async (ask: Ask): Promise<EngineAnswer> => {
    const scope = await resolveScope(ctx, home, ask.acting, {
      duration: ask.duration, start_date: ask.start_date ?? undefined, end_date: ask.end_date ?? undefined, shownId: ask.acting.brandId, platform: null,
    });
    const window = scope.windows.current;
    const when = windowText(window, ask.duration);
    const { columns, picked } = videosInRange(index, scope.current);
    const intent = intentOf(ask.question);
    if (picked.length === 0) {
      return { intent, content: `You have no videos ${when}. Pick a wider window, such as all dates.`, supporting_data: [], window };
    }
    const lead = `${when[0]?.toLocaleUpperCase() ?? ''}${when.slice(1)}, you have ${countLabel(picked.length, 'video')}.`;
    if (intent !== 'open') {
      const answer = await figures[intent](scope, picked.length);
      const cited = await Promise.all((await figureQuotes(answer, columns, picked, ask.avoid)).slice(0, ANSWER_CITATIONS).map(cite));
      const quotes = cited.length > 0 ? `\n\nIn their words:\n${quotesText(cited)}` : '';
      return { intent, content: `${lead} ${answer.text}${quotes}`, supporting_data: cited.map(({ title: _title, ...data }) => data), window };
    }
    let terms = questionTerms(ask.question);
    if (terms.length === 0 && ask.previousQuestion) terms = questionTerms(ask.previousQuestion);
    if (terms.length === 0) {
      return { intent, content: `${lead} Ask about something said in them, for example “What do people say about the price?”`, supporting_data: [], window };
    }
    const tone = toneOf(ask.question);
    const found = await retrieve.search(columns, picked, terms, ask.avoid, ANSWER_CITATIONS, tone);
    const saying = terms.map((term) => `${countLabel(found.videosSaying.get(term.lemma) ?? 0, 'video')} ${(found.videosSaying.get(term.lemma) ?? 0) === 1 ? 'says' : 'say'} “${term.word}”`);
    if (found.videosSayingAny === 0) {
      return { intent, content: `${lead} None of them says ${terms.map((t) => `“${t.word}”`).join(' or ')}. Try other words or a wider window.`, supporting_data: [], window };
    }
    const cited = await Promise.all(found.lines.map(cite));
    const heading = tone === null ? 'The clearest moments' : `The clearest moments, ${tone} lines first`;
    const body = cited.length > 0 ? `${heading}:\n${quotesText(cited)}` : 'Every line that says it has been quoted in earlier answers already.';
    return { intent, content: `${lead} ${saying.join(', ')}.\n\n${body}`, supporting_data: cited.map(({ title: _title, ...data }) => data), window };
  };
}
export type AssistantEngine = ReturnType<typeof createAssistantEngine>;
