import { intentOf, type Intent } from '../questionTerms';
import type { AnswerLanguage } from './questionLanguage';

type FigureIntent = Exclude<Intent, 'open'>;

/**
 * The figure a question in another answer language asks for, by the words each language asks it with (issue 30):
 * the same figures the English patterns read (questionTerms.ts), tried in the same order. Products and creators need
 * the question word before them ("¿qué productos…?"), so "what do creators say about the price?" stays a search.
 */
const FOREIGN_PATTERNS: readonly [FigureIntent, RegExp][] = [
  ['demographics', /demogr[áa]fic|d[ée]mographi|demografi|representad|repr[ée]sent[ée]|vertreten|repr[äa]sentiert|grupos de edad|tranches? d.[âa]ge|altersgruppe|年齢層|性別|民族|代表され|ديموغراف|ممثل|जनसांख्यिकी|प्रतिनिधित्व/iu],
  ['topics', /\btemas?\b|\bth[èe]mes?\b|\bsujets?\b|\bthemen?\b|トピック|話題|テーマ|مواضيع|الموضوعات|विषय/iu],
  ['competitors', /competencia|competidor|concurren|konkurren|wettbewerb|競合|ライバル|منافس|प्रतिस्पर्धी|cuota de voz|part de voix/iu],
  ['change', /\bcambi|periodo anterior|\bchang[ée]|p[ée]riode pr[ée]c[ée]dente|ver[äa]nder|vorherigen zeitraum|vorigen zeitraum|前の期間|変わ|変化|تغير|الفترة السابقة|बदल|पिछली अवधि/iu],
  ['sentiment', /sentimiento|\bsentiment\b|\bstimmung\b|感情|センチメント|المشاعر|भावना/iu],
  ['creators', /\b(qu[ée]|cu[áa]les|quels?|quelles?|welche[rs]?)\s+(creadores?|cr[ée]ateurs?|creator|influencer)|どのクリエイター|أي صناع|कौन से क्रिएटर/iu],
  ['products', /\b(qu[ée]|cu[áa]les|quels?|quelles?|welche[rs]?)\s+(productos?|produits?|produkte?)\b|言及されている製品|どの製品|أي المنتجات|कौन से उत्पाद/iu],
];

/** The figure a question asks for in its language, or null for a question about what is said. */
export function figureIntentOf(question: string, lang: AnswerLanguage): FigureIntent | null {
  if (lang === 'en') {
    const intent = intentOf(question);
    return intent === 'open' ? null : intent;
  }
  return FOREIGN_PATTERNS.find(([, pattern]) => pattern.test(question))?.[0] ?? null;
}
