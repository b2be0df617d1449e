import type { ReadingChange, SupportingData } from '../../../shared/assistant/assistant.schemas';
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
import { numbered } from './answerText';
import { lineCitation } from './lineCitation';
import { sentimentOf } from './columnFigures';
import { createFigureAnswers, type FigureAnswer } from './figureAnswers';
import { questionTerms, toneOf, type Intent, type QueryTerm } from './questionTerms';
import { figureIntentOf } from './understanding/figureIntent';
import { FIGURE_WORDS } from './understanding/figureWords';
import { createReadAnswers } from './readAnswers';
import { createRetrieval, type FoundLine } from './retrieval';
import { capitalised, EN_WORDS, EXAMPLES, narrowingText, understoodText, whenText } from './readingText';
import { ANSWER_WORDS, type AnswerWords } from './understanding/answerWords';
import { foreignTerms } from './understanding/foreignTerms';
import type { Names } from './understanding/namedThings';
import type { AnswerLanguage } from './understanding/questionLanguage';
import { asksWhoSaid, toneAsked } from './understanding/followUp';
import { askedFor, asksUnknownFigure } from './understanding/askedFor';
import { readInConversation, type Reading } from './understanding/reading';
import { changedReading } from './understanding/readingChange';

/** Most-viewed videos whose clearest positive and negative lines a sentiment answer quotes. */
const SENTIMENT_SOURCE_VIDEOS = 20;
/** Most-viewed videos of a product or topic read for its quote. */
const QUOTE_SOURCE_VIDEOS = 6;

/** Lines read to find who said what a follow-up refers to. */
const WHO_SAID_LINES = 48;

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
  /** The conversation's latest questions, oldest first: a follow-up keeps their subject, filters and window. */
  earlierQuestions?: readonly string[];
  /** The reading as the person changed it on an answer's chips: it stands for what the words name, the window is the asked one. */
  change?: ReadingChange | null;
}

export interface EngineAnswer {
  intent: Intent;
  content: string;
  supporting_data: SupportingData[];
  window: { start: string | null; end: string };
  /** The reading the answer used (shown as its chips); suggestions: the questions offered when none of it could be read. */
  reading: Reading;
  suggestions: readonly string[];
  /** The quoted lines' videos (title and language), in supporting_data's order: the generative mode's tools show them. */
  quoted: { title: string; language: string }[];
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

  const readAnswers = createReadAnswers();

  const cite = (line: FoundLine) => lineCitation(lines, line);

  /** The quoted lines, in their original words; a line said in another language than the answer's names it ("[es]"). */
  function quotesText(cited: readonly (SupportingData & { title: string; language: string })[], lang: AnswerLanguage): string {
    return numbered(cited.map((c) => `“${c.source_doc}” — ${c.title}${c.language && c.language !== lang ? ` [${c.language}]` : ''}, ${formatTime(c.start_ts)}`));
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

  /** The names a question may use: the brand's products and competitors (SQL), its videos' creators (the columns). */
  async function namesFor(acting: Acting, columns: VideoColumns): Promise<Names> {
    const { products, competitors } = await lines.namesOf(acting.brandId, acting.competitorIds);
    const codes = new Set<number>();
    for (const o of index.shownVideos(acting.brandId, acting.brandId)) codes.add(columns.creator[o] ?? -1);
    const creators = [...codes].flatMap((code) => {
      const folded = code < 0 ? null : columns.creatorNames[code];
      return folded ? [{ code, folded }] : [];
    });
    return { products, competitors, creators, brandName: await home.brandName(acting.brandId) };
  }

  /** The window an answer covers: the one the question names, else the one the person picked. */
  const windowSpec = (ask: Ask, reading: Reading) => (reading.window?.range
    ? { duration: reading.window.range }
    : reading.window
    ? { duration: 'custom' as const, start_date: reading.window.start_date, end_date: reading.window.end_date ?? undefined }
    : { duration: ask.duration, start_date: ask.start_date ?? undefined, end_date: ask.end_date ?? undefined });

  /** The videos left once the creator, language and (for a count) product the question names narrow them. */
  function narrowed(columns: VideoColumns, picked: readonly number[], reading: Reading): number[] {
    const { creator, language, products } = reading.named;
    const languageCode = language === null ? undefined : columns.dict.language.find(language);
    const productCode = reading.kind === 'count' && products.length === 1 ? columns.dict.product.find(products[0]?.id ?? '') : undefined;
    return picked.filter((o) => (creator === null || columns.creator[o] === creator.code)
      && (language === null || columns.language[o] === languageCode)
      && (productCode === undefined || [...columns.products.get(o)].includes(productCode)));
  }

  const answerAsk = async (ask: Ask): Promise<EngineAnswer> => {
    await index.ready([ask.acting.brandId]);
    const names = await namesFor(ask.acting, index.columnsNow());
    const read = readInConversation(ask.question, ask.earlierQuestions ?? [], names, ctx.now());
    const reading = ask.change ? changedReading(read, ask.change, names) : read;
    const answer = await answerRead(ask, reading, names);
    return { suggestions: [], ...answer, reading };
  };

  type ReadAnswer = Omit<EngineAnswer, 'reading' | 'suggestions'> & { suggestions?: readonly string[] };
  async function answerRead(ask: Ask, reading: Reading, names: Names): Promise<ReadAnswer> {
    const words = ANSWER_WORDS[reading.language.lang];
    // A share's platform is its part, not its whole: the window keeps every platform.
    const platform = reading.kind === 'share' ? null : reading.named.platform;
    const scope = await resolveScope(ctx, home, ask.acting, { ...windowSpec(ask, reading), shownId: ask.acting.brandId, platform });
    const window = scope.windows.current;
    const { columns, picked: windowVideos } = videosInRange(index, scope.current);
    const picked = narrowed(columns, windowVideos, reading);
    // A share is of the window's videos: its part is those on the platform the question names.
    const platformCode = reading.named.platform === null ? undefined : columns.dict.platform.find(reading.named.platform);
    const part = reading.kind === 'share' && reading.named.platform !== null ? picked.filter((o) => columns.platform[o] === platformCode) : picked;
    const figure = figureIntentOf(ask.question, reading.language.lang);
    const intent: Intent = figure ?? 'open';
    const figureWords = FIGURE_WORDS[reading.language.lang];
    const when = whenText(window, reading.window?.said ?? null, ask.duration, words);
    const fallback = reading.language.other ? `${EN_WORDS.fallback(reading.language.other)}\n\n` : '';
    if (asksUnknownFigure(ask.question)) return { intent, content: `${fallback}${words.notKnown(words.sales)}`, supporting_data: [], window, quoted: [] };
    if (picked.length === 0 && reading.kind !== 'count') {
      return { intent, content: `${fallback}${words.noVideos(when)}`, supporting_data: [], window, quoted: [] };
    }
    const filters = narrowingText(reading, words);
    const understood = reading.inherited ? `${understoodText(reading, when)}\n` : '';
    const lead = `${fallback}${understood}${capitalised(words.lead(when, filters, words.videos(picked.length.toLocaleString(words.locale), picked.length === 1)))}`;
    const answerWith = async (text: string, found: readonly FoundLine[]): Promise<ReadAnswer> => {
      const cited = await Promise.all(found.slice(0, ANSWER_CITATIONS).map(cite));
      const quotes = cited.length > 0 ? `\n${quotesText(cited, reading.language.lang)}` : '';
      return {
        intent, content: `${lead}${text ? ` ${text}` : ''}${quotes}`, supporting_data: cited.map(({ title: _title, language: _language, ...data }) => data), window,
        quoted: cited.map(({ title, language }) => ({ title, language })),
      };
    };
    const sentimentLines = (ordinals: readonly number[]) => sentimentQuotes(columns, ordinals, ask.avoid);
    if (reading.kind === 'count') return answerWith('', []);
    if (reading.kind === 'compareCompetitor') {
      return answerWith(await competitorText(ask, reading, scope.windows.current, words), []);
    }
    if (reading.kind !== null) {
      const previous = scope.previous ? narrowed(columns, videosInRange(index, scope.previous).picked, reading) : [];
      const productNames = new Map(names.products.map((p) => [p.id, p.name]));
      const answer = await readAnswers[reading.kind]({
        reading, words, columns, picked: part, whole: picked, previous, home, productName: (id) => productNames.get(id) ?? '',
        search: (within, terms, limit) => retrieve.search(columns, within, terms, ask.avoid, limit), sentimentLines,
      });
      return answerWith(answer.text, answer.lines);
    }
    // In another language, a question naming a product or a term of the lexicon ("¿cambió lo que dicen del precio?") is a search.
    const aboutSomething = reading.language.lang !== 'en' && (reading.concepts.length > 0 || reading.named.products.length > 0);
    if (figure !== null && !aboutSomething && !asksWhoSaid(ask.question)) {
      const answer = await figures[figure](scope, picked.length, figureWords);
      const found = await figureQuotes(answer, columns, picked, ask.avoid);
      return answerWith(`${answer.text}${found.length > 0 ? `\n\n${figureWords.inTheirWords}` : ''}`, found);
    }
    const english = reading.language.lang === 'en';
    const searched = reading.source;
    let terms = english ? questionTerms(searched) : foreignTerms(searched, reading.concepts, reading.language.lang);
    if (asksWhoSaid(ask.question) && terms.length > 0) {
      const found = await retrieve.search(columns, picked, terms, ask.avoid, WHO_SAID_LINES);
      return answerWith(await whoSaidText(columns, found.lines, words), found.lines.slice(0, ANSWER_CITATIONS));
    }
    if (terms.length === 0 && ask.previousQuestion) terms = questionTerms(ask.previousQuestion);
    if (terms.length === 0) {
      const suggestions = EXAMPLES[reading.language.lang];
      if (!english) return { intent, content: `${lead} ${words.notUnderstood(ask.question, suggestions)}`, supporting_data: [], window, suggestions, quoted: [] };
      return { intent, content: `${lead} Ask about something said in them, for example “What do people say about the price?”`, supporting_data: [], window, suggestions: ['What do people say about the price?', ...suggestions], quoted: [] };
    }
    const tone = toneOf(ask.question) ?? toneAsked(ask.question);
    let found = await retrieve.search(columns, picked, terms, ask.avoid, ANSWER_CITATIONS, tone);
    // An English word nobody says ("smell") is looked up again by its concept's words in every language ("scent", "olor").
    if (found.videosSayingAny === 0 && english && reading.concepts.length > 0) {
      // The question's other words stay asked ("smells like chocolate": chocolate too), only the concept's words change.
      const covered = (term: QueryTerm) => reading.concepts.some((concept) => concept.forms.includes(term.word) || concept.forms.includes(term.lemma));
      terms = [...foreignTerms(searched, reading.concepts, 'en'), ...terms.filter((term) => !covered(term))];
      found = await retrieve.search(columns, picked, terms, ask.avoid, ANSWER_CITATIONS, tone);
    }
    const said = (term: QueryTerm) => (term.lemma.startsWith('concept:') ? `“${term.word}” (${term.forms.filter((form) => form !== term.word).slice(0, 3).join(', ')}…)` : `“${term.word}”`);
    const saying = terms.map((term) => {
      const n = found.videosSaying.get(term.lemma) ?? 0;
      return english ? `${countLabel(n, 'video')} ${n === 1 ? 'says' : 'say'} ${said(term)}` : words.saying(words.videos(n.toLocaleString(words.locale), n === 1), term.word);
    });
    const sayingText = (): string => `${saying.join(figureWords.sep)}${figureWords.stop}`;
    const heading = tone === null || !english ? words.clearest : figureWords.clearestTone(tone);
    if (found.videosSayingAny === 0) {
      return { intent, content: `${lead} ${words.noneSays(terms.map((t) => `“${t.word}”`).join(' / '))}`, supporting_data: [], window, quoted: [] };
    }
    // "Does anyone say it smells like chocolate?": a yes or no question is answered no when a word it asks about is said
    // in none of the videos, rather than by quoting lines that say only its other words.
    const unsaid = askedFor(ask.question) === 'yesno' ? terms.filter((term) => (found.videosSaying.get(term.lemma) ?? 0) === 0) : [];
    if (unsaid.length > 0) {
      return { intent, content: `${lead} ${sayingText()} ${words.noneSays(unsaid.map((t) => `“${t.word}”`).join(' / '))}`, supporting_data: [], window, quoted: [] };
    }
    if (found.lines.length === 0) return answerWith(`${sayingText()}\n\n${figureWords.allQuoted}`, []);
    return answerWith(`${sayingText()}\n\n${heading}${figureWords.colon.trimEnd()}`, found.lines);
  }
  /** The names the acting brand's questions may use (the generative mode's tools check a product or creator by them). */
  const names = async (acting: Acting): Promise<Names> => {
    await index.ready([acting.brandId]);
    return namesFor(acting, index.columnsNow());
  };
  return Object.assign(answerAsk, { names });

  /** The creators of the videos whose lines say it, most lines first. */
  async function whoSaidText(columns: VideoColumns, found: readonly FoundLine[], words: AnswerWords): Promise<string> {
    const byCreator = new Map<string, number>();
    const ids = columns.dict.creator.values();
    for (const line of found) {
      const o = columns.ordOf.get(line.videoId);
      const id = o === undefined ? '' : (ids[columns.creator[o] ?? -1] ?? '');
      if (id !== '') byCreator.set(id, (byCreator.get(id) ?? 0) + 1);
    }
    const rows = await home.rows.creators([...byCreator.keys()]);
    const ranked = [...byCreator].sort((a, b) => b[1] - a[1] || (rows.get(a[0])?.name ?? '').localeCompare(rows.get(b[0])?.name ?? ''));
    return `${words.creatorsWhoSaid}:\n${numbered(ranked.map(([id, n]) => `${rows.get(id)?.name ?? ''} — ${n}`))}\n\n${words.inTheirWords}:`;
  }

  /** The brand against a competitor the question names, over the same window: videos, sentiment, share of voice. */
  async function competitorText(ask: Ask, reading: Reading, window: { start: string | null; end: string }, words: AnswerWords): Promise<string> {
    const rival = reading.named.competitor;
    if (!rival) return '';
    const spec = { duration: 'custom' as const, start_date: window.start?.slice(0, 10), end_date: window.end.slice(0, 10) };
    const [own, theirs] = await Promise.all([ask.acting.brandId, rival.id].map(async (shownId) => {
      const scope = await resolveScope(ctx, home, ask.acting, window.start === null ? { duration: 'all_dates', shownId, platform: reading.named.platform } : { ...spec, shownId, platform: reading.named.platform });
      const { columns, picked } = videosInRange(index, scope.current);
      return { name: scope.scope.brand.name, videos: picked.length, ...sentimentOf(columns, picked) };
    }));
    const total = (own?.videos ?? 0) + (theirs?.videos ?? 0);
    const share = (n: number) => `${total === 0 ? '—' : ((n / total) * 100).toFixed(1)}%`;
    const items = [own, theirs].flatMap((b) => (b ? [`${b.name} — ${words.videos(b.videos.toLocaleString(words.locale), b.videos === 1)} (${share(b.videos)}), ${b.positive === null ? '—' : `${(b.positive * 100).toFixed(1)}%`} ${words.positive}`] : []));
    return `\n${numbered(items)}`;
  }
}

export type AssistantEngine = ReturnType<typeof createAssistantEngine>;
