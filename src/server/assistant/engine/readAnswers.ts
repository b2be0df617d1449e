import type { VideoColumns } from '../../search/videoColumns';
import type { HomeRepositories } from '../../repositories/home/index';
import type { QueryTerm } from './questionTerms';
import type { FoundLine, Retrieval } from './retrieval';
import { creatorFigures, productFigures, productVideos, sentimentOf } from './columnFigures';
import type { AnswerWords } from './understanding/answerWords';
import { conceptNamed, type Concept } from './understanding/lexicon';
import type { Reading } from './understanding/reading';
import { ANALYSIS_PARTS } from '../../../shared/rules/analysedParts';

/** Items a ranking lists. */
const RANKED = 5;
/** Lines a yes/no answer quotes as evidence, or as the closest things said. */
const EVIDENCE = 3;
/** Lines read to count the videos that say an attribute (two a video at most: see lineRanking.ts). */
const SAYING_LINES = 48;

/** An answer to a read question: its text after the lead, and the lines it quotes. */
export interface ReadAnswer { text: string; lines: FoundLine[] }

export interface ReadContext {
  reading: Reading;
  words: AnswerWords;
  columns: VideoColumns;
  /** The window's videos, narrowed by the filters the question names (platform, creator, language). */
  picked: readonly number[];
  /** The window's videos before those filters (a share's whole). */
  whole: readonly number[];
  /** The previous window's videos, narrowed alike (empty for all dates). */
  previous: readonly number[];
  productName: (id: string) => string;
  home: HomeRepositories;
  search: (picked: readonly number[], terms: readonly QueryTerm[], limit: number) => Promise<Retrieval>;
  sentimentLines: (picked: readonly number[]) => Promise<FoundLine[]>;
}

const conceptTerm = (concept: Concept): QueryTerm => ({ word: concept.forms[0] ?? concept.name, lemma: `concept:${concept.name}`, forms: [...new Set(concept.forms)] });

export function createReadAnswers() {
  const number = (w: AnswerWords, n: number) => Math.round(n).toLocaleString(w.locale);
  const videos = (w: AnswerWords, n: number) => w.videos(number(w, n), n === 1);
  const percent = (w: AnswerWords, share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1).replace('.', w.locale.startsWith('fr') || w.locale.startsWith('de') ? ',' : '.')}%`);
  const list = (items: readonly string[]) => items.map((item, at) => `${at + 1}. ${item}`).join('\n');

  return {
    /** How many of the window's videos had each part analysed: the base every figure about that part is over. */
    coverage(c: ReadContext): ReadAnswer {
      const w = c.words;
      const read = { speech: 0, visual_content: 0, demographics: 0, sponsored: 0 };
      for (const o of c.picked) {
        const parts = c.columns.partsRead(o);
        for (const part of ANALYSIS_PARTS) if (parts[part]) read[part] += 1;
      }
      const rows = ANALYSIS_PARTS.map((part) => w.analysedRow(w.analysedParts[part], number(w, read[part]), number(w, c.picked.length - read[part])));
      return { text: `\n${list(rows)}\n${w.analysedNote}`, lines: [] };
    },
    share(c: ReadContext): ReadAnswer {
      return { text: c.words.share(percent(c.words, c.whole.length === 0 ? 0 : c.picked.length / c.whole.length), number(c.words, c.picked.length), number(c.words, c.whole.length)), lines: [] };
    },
    async ranking(c: ReadContext): Promise<ReadAnswer> {
      const ranking = c.reading.ranking;
      if (!ranking) return { text: '', lines: [] };
      const w = c.words;
      const sign = ranking.direction === 'most' ? 1 : -1;
      if (ranking.of === 'video') {
        // Videos ranked by the figure named: views, or the share of positive or negative lines (those without lines left out).
        const score = (o: number): number => (ranking.measure === 'positive' ? c.columns.positive[o] ?? 0 : ranking.measure === 'negative' ? c.columns.negative[o] ?? 0 : c.columns.views[o] ?? 0);
        const felt = ranking.measure === 'positive' || ranking.measure === 'negative';
        const ordinals = c.picked.filter((o) => !felt || (c.columns.felt[o] ?? 0) > 0)
          .sort((a, b) => sign * (score(b) - score(a)) || (c.columns.id[a] ?? '').localeCompare(c.columns.id[b] ?? '')).slice(0, RANKED);
        const rows = await c.home.rows.videos(ordinals.map((o) => c.columns.id[o] ?? ''));
        const items = ordinals.map((o) => {
          const row = rows.get(c.columns.id[o] ?? '');
          const known = (c.columns.felt[o] ?? 0) > 0;
          return `${row?.title ?? ''} — ${number(w, c.columns.views[o] ?? 0)} ${w.views}, ${percent(w, known ? c.columns.positive[o] ?? 0 : null)} ${w.positive}, ${percent(w, known ? c.columns.negative[o] ?? 0 : null)} ${w.negative}`;
        });
        const title = w.videoRanking[ranking.measure === 'negative' || ranking.measure === 'positive' ? ranking.measure : 'views'];
        return { text: `${title}${ranking.direction === 'least' ? ` (${w.ranking.least})` : ''}:\n${list(items)}`, lines: [] };
      }
      if (ranking.of === 'creator') {
        const rows = creatorFigures(c.columns, c.picked).sort((a, b) => sign * (b.views - a.views) || a.code - b.code).slice(0, RANKED);
        const ids = c.columns.dict.creator.values();
        const named = await c.home.rows.creators(rows.map((row) => ids[row.code] ?? ''));
        const items = rows.map((row) => `${named.get(ids[row.code] ?? '')?.name ?? ''} — ${videos(w, row.videos)}, ${number(w, row.views)} ${w.views}`);
        return { text: `${w.ranking.views}${ranking.direction === 'least' ? ` (${w.ranking.least})` : ''}:\n${list(items)}`, lines: [] };
      }
      const ids = c.columns.dict.product.values();
      const value = (row: ReturnType<typeof productFigures>[number]): number => {
        switch (ranking.measure) {
          case 'negative': return row.negative ?? -1;
          case 'positive': return row.positive ?? -1;
          case 'growth': return row.mentions - row.previous;
          default: return row.mentions;
        }
      };
      const known = productFigures(c.columns, c.picked, c.previous).filter((row) => c.productName(ids[row.code] ?? '') !== '');
      const rows = known.sort((a, b) => sign * (value(b) - value(a)) || b.mentions - a.mentions || c.productName(ids[a.code] ?? '').localeCompare(c.productName(ids[b.code] ?? ''))).slice(0, RANKED);
      const items = rows.map((row) => {
        const growth = ranking.measure === 'growth' ? ` (${w.change(number(w, row.mentions), number(w, row.previous))})` : '';
        return `${c.productName(ids[row.code] ?? '')} — ${w.mentionedIn(videos(w, row.mentions))}${growth}, ${percent(w, row.positive)} ${w.positive}, ${percent(w, row.negative)} ${w.negative}`;
      });
      const title = ranking.measure === 'views' ? w.ranking.mentions : w.ranking[ranking.measure];
      const lines = rows[0] ? await c.sentimentLines(productVideos(c.columns, c.picked).get(rows[0].code) ?? []) : [];
      return { text: `${title}${ranking.direction === 'least' ? ` (${w.ranking.least})` : ''}:\n${list(items)}`, lines: lines.filter((line) => ranking.measure !== 'negative' || line.sentiment === 'negative') };
    },
    compareProducts(c: ReadContext): ReadAnswer {
      const w = c.words;
      const byProduct = productVideos(c.columns, c.picked);
      const items = c.reading.named.products.slice(0, 2).map((product) => {
        const mine = byProduct.get(c.columns.dict.product.find(product.id) ?? -1) ?? [];
        const felt = sentimentOf(c.columns, mine);
        return `${product.name} — ${w.mentionedIn(videos(w, mine.length))}, ${percent(w, felt.positive)} ${w.positive}, ${percent(w, felt.negative)} ${w.negative}`;
      });
      return { text: list(items), lines: [] };
    },
    async yesno(c: ReadContext): Promise<ReadAnswer> {
      const w = c.words;
      const product = c.reading.named.products[0];
      const attribute = c.reading.concepts.find((concept) => concept.attribute);
      if (!product || !attribute) return { text: '', lines: [] };
      const mine = productVideos(c.columns, c.picked).get(c.columns.dict.product.find(product.id) ?? -1) ?? [];
      const subject = product.name.replace(/^\S+ /, '');
      // Yes only when a line says it where a word starts (the video test is by substring: "testing" says "sting").
      const found = (await c.search(mine, [conceptTerm(attribute)], SAYING_LINES)).lines;
      if (found.length > 0) return { text: `${w.yes(videos(w, new Set(found.map((line) => line.videoId)).size), subject)}\n\n${w.inTheirWords}:`, lines: found.slice(0, EVIDENCE) };
      const near = conceptNamed(attribute.near ?? '');
      const closest = near ? (await c.search(mine, [conceptTerm(near)], EVIDENCE)).lines : [];
      return { text: `${w.no(subject)}${closest.length > 0 ? `\n\n${w.closest}:` : ''}`, lines: closest };
    },
    async summary(c: ReadContext): Promise<ReadAnswer> {
      const felt = sentimentOf(c.columns, c.picked);
      return { text: `${c.words.summary(percent(c.words, felt.positive), percent(c.words, felt.negative))}:`, lines: await c.sentimentLines(c.picked) };
    },
  };
}
