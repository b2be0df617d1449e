import { HOME_WIDGET_BUILDERS, homeKpis, LIST_LIMIT } from '../../routes/main/home/homeWidgets';
import type { ResolvedHome } from '../../routes/main/home/homeScope';
import type { HomeRepositories } from '../../repositories/home/index';
import { videosInRange } from '../../repositories/home/homeFigures';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import { valueLabel } from '../../../shared/labels';
import { kpiChange } from '../../../shared/rules/kpiChange';
import type { Intent } from './questionTerms';
import { numbered } from './answerText';
import type { AnalysisPart } from '../../../shared/rules/analysedParts';
import type { FigureWords } from './understanding/figureWords';

/** A figure answer: its text (without the window sentence) and the phrases whose lines it quotes. */
export interface FigureAnswer {
  text: string;
  /** What to quote: lines naming each product or topic from its own videos, the clearest lines of each sentiment, or nothing. */
  quote: { column: 'products' | 'topics'; keys: { code: number; phrase: string }[] } | { sentiment: true } | null;
}

const TOPICS = 10;
/** Below this mean audience share a group counts as barely represented. */
const BARELY = 0.02;

/** A figure against the previous window's, in the answer's words ("up 12.5% from 40"). */
function changeText(w: FigureWords, current: number | null, previous: number | null, format: (value: number) => string): string {
  if (current === null) return w.nothingToMeasure;
  return w.change(kpiChange(current, previous), previous === null ? '' : format(previous));
}

/** The sentence saying how many of the window's videos a figure left out as not analysed ('' when none). */
function leftOut(w: FigureWords, missing: number, total: number): string {
  return missing > 0 ? ` ${w.leftOut(w.count(missing), w.count(total))}` : '';
}

/**
 * The answers to questions about the brand's figures, each from the same builders as the home dashboard and the
 * reports (never estimated), so the assistant and the dashboards never disagree; written in the question's language.
 */
export function createFigureAnswers(home: HomeRepositories, index: VideoSearchIndex) {
  /** The window's videos with this part analysed (the base a figure about it is over). */
  const analysedIn = (scope: ResolvedHome, part: AnalysisPart): { read: number; total: number } => {
    const { columns, picked } = videosInRange(index, scope.current);
    let read = 0;
    for (const o of picked) if (columns.partsRead(o)[part]) read += 1;
    return { read, total: picked.length };
  };
  const answers: Record<Exclude<Intent, 'open'>, (scope: ResolvedHome, total: number, w: FigureWords) => FigureAnswer | Promise<FigureAnswer>> = {
    topics(scope, total, w) {
      const { columns, picked: windowVideos } = videosInRange(index, scope.current);
      // Topics come from the speech: a video whose speech was not analysed has none to count, and is no "0 topics" either.
      const picked = windowVideos.filter((o) => columns.partsRead(o).speech);
      if (picked.length === 0) return { text: w.noneAnalysed(w.count(total)), quote: null };
      const note = leftOut(w, windowVideos.length - picked.length, windowVideos.length);
      // Counted per video (a topic listed twice on one video counts once), in arrays by topic code.
      const names = columns.dict.topic.values();
      const counts = new Int32Array(names.length);
      const lastVideo = new Int32Array(names.length).fill(-1);
      for (const o of picked) {
        for (const code of columns.topics.get(o)) {
          if (lastVideo[code] === o) continue;
          lastVideo[code] = o;
          counts[code] = (counts[code] ?? 0) + 1;
        }
      }
      const top = [...counts.entries()].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || (names[a[0]] ?? '').localeCompare(names[b[0]] ?? '')).slice(0, TOPICS);
      if (top.length === 0) return { text: `${w.noTopics(w.count(picked.length))}${note}`, quote: null };
      const items = top.map(([code, n]) => `${names[code] ?? ''} — ${w.videos(n)}${w.paren(w.percent(n / picked.length))}`);
      return { text: `${w.topics(top.length, w.count(picked.length))}\n${numbered(items)}${note ? `\n${note.trim()}` : ''}`, quote: { column: 'topics', keys: top.slice(0, 3).map(([code]) => ({ code, phrase: names[code] ?? '' })) } };
    },
    async sentiment(scope, _total, w) {
      const split = (await HOME_WIDGET_BUILDERS.sentiment(home, scope)).split;
      if (split.positive.current === null || split.negative.current === null) return { text: w.noTranscripts, quote: null };
      const parts = (['positive', 'negative', 'neutral'] as const).map((kind) => `${w.percent(split[kind].current)} ${w.kinds[kind]}${w.paren(changeText(w, split[kind].current, split[kind].previous, w.percent))}`);
      const speech = analysedIn(scope, 'speech');
      const note = leftOut(w, speech.total - speech.read, speech.total);
      return { text: `${w.sentiment(split.positive.current >= split.negative.current, parts.join(w.sep))}${note}`, quote: { sentiment: true } };
    },
    async demographics(scope, total, w) {
      const measured = analysedIn(scope, 'demographics');
      if (measured.read === 0) return { text: w.noAudience(w.count(total)), quote: null };
      const widget = await HOME_WIDGET_BUILDERS.demographics(home, scope);
      const families = (['age_range', 'gender', 'ethnicity'] as const).map((family) => [family, w.families[family]] as const);
      const absent: string[] = [];
      const lines = families.map(([family, title]) => {
        const shares = Object.entries(widget[family]) as [string, { current: number } | null][];
        const missing = shares.filter(([, share]) => share === null || share.current === 0).map(([bucket]) => valueLabel(bucket));
        const barely = shares.filter(([, share]) => share !== null && share.current > 0 && share.current < BARELY).map(([bucket, share]) => `${valueLabel(bucket)}${w.paren(w.percent(share?.current ?? 0))}`);
        absent.push(...missing);
        return w.family(title, missing, barely);
      });
      const note = leftOut(w, measured.total - measured.read, measured.total);
      return { text: `${w.demographicsLead(absent.length)}\n${lines.join('\n')}${note ? `\n${note.trim()}` : ''}`, quote: null };
    },
    async products(scope, _total, w) {
      const columns = index.columnsNow();
      const products = (await HOME_WIDGET_BUILDERS.top_products(home, scope)).products.slice(0, 5);
      if (products.length === 0) return { text: w.noProducts, quote: null };
      const items = products.map((p) => w.product(p.name, w.videos(p.mentions.current), changeText(w, p.mentions.current, p.mentions.previous, w.count), w.percent(p.positive), w.percent(p.negative)));
      return { text: `${w.productsTitle}\n${numbered(items)}`, quote: { column: 'products', keys: products.slice(0, 3).map((p) => ({ code: columns.dict.product.find(p.id) ?? -1, phrase: p.name })) } };
    },
    async creators(scope, _total, w) {
      const creators = await home.figures.creators(scope.current, LIST_LIMIT);
      if (creators.length === 0) return { text: w.noCreators, quote: null };
      return { text: `${w.creatorsTitle}\n${numbered(creators.map((c) => w.creator(c.name, w.videos(c.videos), w.count(c.views))))}`, quote: null };
    },
    async competitors(scope, _total, w) {
      const brands = (await HOME_WIDGET_BUILDERS.benchmark(home, scope)).brands;
      if (brands.length <= 1) return { text: w.noCompetitors, quote: null };
      const items = brands.map((b) => w.competitor(b.name, !b.competitor, w.percent(b.share_of_voice.current), w.videos(b.videos.current), w.count(b.views.current), w.percent(b.positive.current), w.percent(b.engagement_rate.current)));
      return { text: `${w.competitorsTitle}\n${numbered(items)}`, quote: null };
    },
    change(scope, _total, w) {
      if (!scope.previous) return { text: w.noEarlier, quote: null };
      const kpis = homeKpis(home, scope);
      const row = (label: string, figure: { current: number | null; previous: number | null }, format: (value: number) => string) =>
        `${label}${w.colon}${figure.current === null ? '—' : format(figure.current)}${w.sep}${changeText(w, figure.current, figure.previous, format)}`;
      const items = [
        row(w.kpis.videos, kpis.videos, w.count), row(w.kpis.views, kpis.views, w.count), row(w.kpis.engagement, kpis.engagement_rate, w.percent),
        row(w.kpis.positive, kpis.positive, w.percent), row(w.kpis.negative, kpis.negative, w.percent),
      ];
      return { text: `${w.changeTitle}\n${numbered(items)}`, quote: null };
    },
  };
  return answers;
}

