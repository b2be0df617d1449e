import { HOME_WIDGET_BUILDERS, homeKpis, LIST_LIMIT } from '../../routes/main/home/homeWidgets';
import type { ResolvedHome } from '../../routes/main/home/homeScope';
import type { HomeRepositories } from '../../repositories/home/index';
import { videosInRange } from '../../repositories/home/homeFigures';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import { valueLabel } from '../../../shared/labels';
import { countLabel as countOf } from '../../../shared/rules/formatting';
import type { Intent } from './questionTerms';
import { changeText, count, numbered, percent } from './answerText';

/** A figure answer: its text (without the window sentence) and the phrases whose lines it quotes. */
export interface FigureAnswer {
  text: string;
  /** What to quote: lines naming each product or topic from its own videos, the clearest lines of each sentiment, or nothing. */
  quote: { column: 'products' | 'topics'; keys: { code: number; phrase: string }[] } | { sentiment: true } | null;
}

const TOPICS = 10;
/** Below this mean audience share a group counts as barely represented. */
const BARELY = 0.02;

/**
 * The answers to questions about the brand's figures, each from the same builders as the home dashboard and the
 * reports (never estimated), so the assistant and the dashboards never disagree.
 */
export function createFigureAnswers(home: HomeRepositories, index: VideoSearchIndex) {
  const answers: Record<Exclude<Intent, 'open'>, (scope: ResolvedHome, total: number) => FigureAnswer | Promise<FigureAnswer>> = {
    topics(scope, total) {
      const { columns, picked } = videosInRange(index, scope.current);
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
      if (top.length === 0) return { text: `None of the ${count(total)} videos has topics yet.`, quote: null };
      const items = top.map(([code, n]) => `${names[code] ?? ''} — ${countOf(n, 'video')} (${percent(n / total)})`);
      return { text: `The top ${top.length} topics discussed, by the videos that discuss them (of ${count(total)}):\n${numbered(items)}`, quote: { column: 'topics', keys: top.slice(0, 3).map(([code]) => ({ code, phrase: names[code] ?? '' })) } };
    },
    async sentiment(scope) {
      const split = (await HOME_WIDGET_BUILDERS.sentiment(home, scope)).split;
      if (split.positive.current === null || split.negative.current === null) {
        return { text: 'None of the videos here has a transcript yet, so there is no sentiment to report.', quote: null };
      }
      const parts = (['positive', 'negative', 'neutral'] as const).map((kind) => `${percent(split[kind].current)} ${kind} (${changeText(split[kind].current, split[kind].previous, percent)})`);
      const mood = split.positive.current >= split.negative.current ? 'mostly positive' : 'mostly negative';
      return { text: `Overall sentiment is ${mood}: ${parts.join(', ')}. Each share is the mean over the videos of their transcripts' sentiment.`, quote: { sentiment: true } };
    },
    async demographics(scope) {
      const widget = await HOME_WIDGET_BUILDERS.demographics(home, scope);
      const families = [['age_range', 'Age ranges'], ['gender', 'Genders'], ['ethnicity', 'Ethnicities']] as const;
      const absent: string[] = [];
      const lines = families.map(([family, title]) => {
        const shares = Object.entries(widget[family]) as [string, { current: number } | null][];
        const missing = shares.filter(([, share]) => share === null || share.current === 0).map(([bucket]) => valueLabel(bucket));
        const barely = shares.filter(([, share]) => share !== null && share.current > 0 && share.current < BARELY).map(([bucket, share]) => `${valueLabel(bucket)} (${percent(share?.current ?? 0)})`);
        absent.push(...missing);
        return `${title}: ${missing.length > 0 ? `not represented — ${missing.join(', ')}` : 'every group represented'}${barely.length > 0 ? `; barely represented — ${barely.join(', ')}` : ''}.`;
      });
      const lead = absent.length > 0 ? `${countOf(absent.length, 'audience group')} ${absent.length === 1 ? 'is' : 'are'} not represented in the videos' audiences.` : 'Every audience group is represented.';
      return { text: `${lead}\n${lines.join('\n')}`, quote: null };
    },
    async products(scope) {
      const columns = index.columnsNow();
      const products = (await HOME_WIDGET_BUILDERS.top_products(home, scope)).products.slice(0, 5);
      if (products.length === 0) return { text: 'No video mentions one of the products.', quote: null };
      const items = products.map((p) => `${p.name} — mentioned in ${countOf(p.mentions.current, 'video')} (${changeText(p.mentions.current, p.mentions.previous, count)}), ${percent(p.positive)} positive, ${percent(p.negative)} negative`);
      return { text: `The most mentioned products:\n${numbered(items)}`, quote: { column: 'products', keys: products.slice(0, 3).map((p) => ({ code: columns.dict.product.find(p.id) ?? -1, phrase: p.name })) } };
    },
    async creators(scope) {
      const creators = await home.figures.creators(scope.current, LIST_LIMIT);
      if (creators.length === 0) return { text: 'No creator has a video here.', quote: null };
      return { text: `The creators whose videos drew the most views:\n${numbered(creators.map((c) => `${c.name} — ${countOf(c.videos, 'video')}, ${count(c.views)} views`))}`, quote: null };
    },
    async competitors(scope) {
      const brands = (await HOME_WIDGET_BUILDERS.benchmark(home, scope)).brands;
      if (brands.length <= 1) return { text: 'No competitor is set up: add competitors to compare with them.', quote: null };
      const items = brands.map((b) => `${b.name}${b.competitor ? '' : ' (you)'} — share of voice ${percent(b.share_of_voice.current)}, ${countOf(b.videos.current, 'video')}, ${count(b.views.current)} views, ${percent(b.positive.current)} positive, engagement rate ${percent(b.engagement_rate.current)}`);
      return { text: `Side by side with your competitors:\n${numbered(items)}`, quote: null };
    },
    change(scope) {
      if (!scope.previous) return { text: 'All dates have no earlier period to compare with: pick a window such as the last 6 months.', quote: null };
      const kpis = homeKpis(home, scope);
      const items = [
        `Videos: ${count(kpis.videos.current)}, ${changeText(kpis.videos.current, kpis.videos.previous, count)}`,
        `Views: ${count(kpis.views.current)}, ${changeText(kpis.views.current, kpis.views.previous, count)}`,
        `Engagement rate: ${percent(kpis.engagement_rate.current)}, ${changeText(kpis.engagement_rate.current, kpis.engagement_rate.previous, percent)}`,
        `Positive sentiment: ${percent(kpis.positive.current)}, ${changeText(kpis.positive.current, kpis.positive.previous, percent)}`,
        `Negative sentiment: ${percent(kpis.negative.current)}, ${changeText(kpis.negative.current, kpis.negative.previous, percent)}`,
      ];
      return { text: `Against the previous period of the same length:\n${numbered(items)}`, quote: null };
    },
  };
  return answers;
}

