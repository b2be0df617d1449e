import type { DateRange } from '../../repositories/videos/videoDates';
import { windowText } from './answerText';
import { ANSWER_WORDS, type AnswerWords } from './understanding/answerWords';
import type { AnswerLanguage } from './understanding/questionLanguage';
import type { Reading } from './understanding/reading';

/** How an answer says what it read: the window, what narrows it, and (for a follow-up) the whole reading in one line. */
export const EN_WORDS = ANSWER_WORDS.en;
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();
const dayIn = (locale: string, iso: string) => {
  const format = DAY_FORMATS.get(locale) ?? new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  DAY_FORMATS.set(locale, format);
  return format.format(new Date(iso));
};

/** The window as the answer names it: the words the question used for it, or the picked range's label (English as before). */
export function whenText(window: { start: string | null; end: string }, said: string | null, duration: DateRange, words: AnswerWords): string {
  if (said === null && words === EN_WORDS) return windowText(window, duration);
  const span = window.start === null ? words.upTo(dayIn(words.locale, window.end)) : words.between(dayIn(words.locale, window.start), dayIn(words.locale, window.end));
  return said === null || said === '' ? span : `${span} (${said})`;
}

/** A platform as people write it. */
const platformLabel = (platform: string) => (platform === 'Tiktok' ? 'TikTok' : platform === 'Youtube' ? 'YouTube' : platform);

/** What narrows the window's videos, as the lead says it: ", on TikTok, by Maya Costa". */
export function narrowingText(reading: Reading, words: AnswerWords): string {
  const { platform, creator, language, products } = reading.named;
  const parts = [
    platform && reading.kind !== 'share' ? words.on(platformLabel(platform)) : '',
    creator ? words.by(creator.folded.replace(/\b\p{L}/gu, (letter) => letter.toLocaleUpperCase())) : '',
    language ? words.inLanguage(new Intl.DisplayNames([words.locale], { type: 'language' }).of(language) ?? language) : '',
    reading.kind === 'count' && products.length === 1 ? words.mentioning(products[0]?.name ?? '') : '',
  ].filter((part) => part !== '');
  if (parts.length === 0) return '';
  const joined = parts.join(' ');
  return /^[\s（]/u.test(joined) || words === ANSWER_WORDS.ja ? joined : `, ${joined}`;
}

/** What a follow-up was read as, in one line: "Glow Serum, 1 Oct 2026 – 31 Oct 2026, TikTok". */
export function understoodText(reading: Reading, when: string): string {
  const { products, competitor, creator, platform, language } = reading.named;
  const parts = [
    ...products.map((p) => p.name), competitor?.name ?? '', ...(products.length === 0 ? reading.concepts.map((c) => c.forms[0] ?? c.name) : []),
    when, platform ? platformLabel(platform) : '', creator?.folded ?? '', language ?? '',
  ].filter((part) => part !== '');
  return `→ ${parts.join(', ')}`;
}

export const capitalised = (text: string) => `${text[0]?.toLocaleUpperCase() ?? ''}${text.slice(1)}`;

/** Questions offered when one cannot be read, in the question's language. */
export const EXAMPLES: Readonly<Record<AnswerLanguage, readonly string[]>> = {
  en: ['Which products get the most negative comments?', 'How many TikTok videos did we get last month?'],
  es: ['¿Qué productos reciben los comentarios más negativos?', '¿Qué opinan del precio?'],
  fr: ['Quels produits reçoivent les commentaires les plus négatifs ?', 'Que disent-ils du prix ?'],
  de: ['Welche Produkte bekommen die negativsten Kommentare?', 'Was sagen die Leute zum Preis?'],
  ja: ['一番ネガティブなコメントが多い製品は？', '価格についてどう言われていますか？'],
  ar: ['ماذا يقولون عن السعر؟', 'كم عدد الفيديوهات الشهر الماضي؟'],
  hi: ['कीमत के बारे में लोग क्या कहते हैं?', 'पिछले महीने कितने वीडियो आए?'],
};
