import { franc } from 'franc-min';

/** The languages an answer is written in: those the demo workspace's transcripts speak. */
export const ANSWER_LANGUAGES = ['en', 'es', 'fr', 'de', 'ja', 'ar', 'hi'] as const;
export type AnswerLanguage = (typeof ANSWER_LANGUAGES)[number];

/** The language a question is read and answered in; `other` names a language read as English (the answer says so). */
export interface QuestionLanguage { lang: AnswerLanguage; other: string | null }

/**
 * Words only one of the Latin-script languages uses in questions (function words, question words, the domain's
 * verbs). A short question ("¿Qué opinan de la textura?") is too short for a statistical guess, so these decide first.
 */
const HINTS: Readonly<Record<'en' | 'es' | 'fr' | 'de', ReadonlySet<string>>> = {
  en: new Set(`what which who how many much does do did is are was were the our we us about people say said get got have has vs versus against since last this
    week month year yesterday compare share percentage most least mentioned summarise summarize creators product products videos`.split(/\s+/)),
  es: new Set(`qué cuántos cuántas cuál cuáles cómo quién opinan dicen tuvimos tenemos nuestros nuestro nosotros desde pasado pasada semana mes ayer año reciben comentarios
    productos producto menciona mencionó opiniones tiene tuvo peores creador creadores rendimiento fue compara frente porcentaje están está vídeos deja residuo pegajoso pica
    textura olor envase precio resume dijeron los las del tal este esta el ha hecho publicó tercer trimestre árabe negativos positivas mejor más`.split(/\s+/)),
  fr: new Set(`quels quel quelle quelles combien avons nous nos vidéos depuis mois dernier dernière semaine hier année reçoivent commentaires pires moins mentionné avis
    créateur créateurs mieux performé contre comparer comparons part pourcentage était sont est-il laisse-t-il traces collant picote disent pensent prix odeur emballage
    résume ont dit cette ce ci au trimestre troisième négatifs positifs eu publiées faites sur et est-ce`.split(/\s+/)),
  de: new Set(`wie viele hatten haben wir letzten letzte diese diesen woche monat gestern seit jahr letztes welche welches welcher produkte produkt bekommen negativsten
    kommentare schlechtesten reaktionen wird wurde am wenigsten häufigsten erwähnt hat positivsten bewertungen abgeschnitten besten gegen vergleiche und unserer anteil ist
    auf prozent waren gepostet gemacht sind arabisch klebrig hinterlässt einen weißen brennt das sagen die leute zum preis finden sie textur über den duft was mit der
    verpackung fasse zusammen gesagt quartal dritten im`.split(/\s+/)),
};
const FRANC_TO: Readonly<Record<string, AnswerLanguage>> = { eng: 'en', spa: 'es', fra: 'fr', deu: 'de', jpn: 'ja', arb: 'ar', hin: 'hi' };
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  ita: 'Italian', por: 'Portuguese', nld: 'Dutch', pol: 'Polish', tur: 'Turkish', swe: 'Swedish', ron: 'Romanian', ind: 'Indonesian', vie: 'Vietnamese', ces: 'Czech',
  hun: 'Hungarian', rus: 'Russian', ukr: 'Ukrainian', cmn: 'Chinese', kor: 'Korean', ell: 'Greek', heb: 'Hebrew', tha: 'Thai', ben: 'Bengali', fin: 'Finnish', dan: 'Danish',
};

/** Hint words at most that franc's reading of a long question as another language outweighs. */
const WEAK_HINTS = 1;
/** Words from which franc's statistical guess is trusted over a single hint word. */
const LONG_QUESTION_WORDS = 6;

/** Letters typed in Latin script and the words they make, lower-cased. */
const words = (text: string): string[] => text.toLocaleLowerCase().match(/[\p{L}’'-]+/gu) ?? [];

/**
 * The question's language: by script for Japanese, Arabic and Hindi (kana, Arabic letters, Devanagari), by the words
 * only one language uses for the Latin-script ones, and franc for the rest; a language the answers are not written in
 * is read as English and named, so the answer can say so.
 */
export function questionLanguage(question: string): QuestionLanguage {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(question)) return { lang: 'ja', other: null };
  if (/\p{Script=Arabic}/u.test(question)) return { lang: 'ar', other: null };
  if (/\p{Script=Devanagari}/u.test(question)) return { lang: 'hi', other: null };
  if (/\p{Script=Han}/u.test(question)) return { lang: 'en', other: 'Chinese' };
  if (/\p{Script=Cyrillic}/u.test(question)) return { lang: 'en', other: 'Russian' };
  if (/\p{Script=Hangul}/u.test(question)) return { lang: 'en', other: 'Korean' };
  if (/[¿¡ñ]/u.test(question)) return { lang: 'es', other: null };
  const said = words(question);
  const scores = (Object.keys(HINTS) as (keyof typeof HINTS)[]).map((lang) => ({ lang, score: said.filter((word) => HINTS[lang].has(word)).length }));
  scores.sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  const decided = best && best.score > 0 && best.score > (second?.score ?? 0);
  // franc only where the hint words do not decide clearly: most questions are read without it, as before.
  const weak = (best?.score ?? 0) <= WEAK_HINTS && said.length >= LONG_QUESTION_WORDS;
  const guess = decided && !weak ? '' : franc(question, { minLength: 12 });
  // One shared word ("del", "die") does not make an Italian or Portuguese sentence Spanish or German: a longer
  // question franc reads as a language the answers are not written in is answered in English, saying so.
  const other = LANGUAGE_NAMES[guess];
  if (other && weak) return { lang: 'en', other };
  if (decided) return { lang: best.lang, other: null };
  if (FRANC_TO[guess]) return { lang: FRANC_TO[guess] ?? 'en', other: null };
  return { lang: 'en', other: best && best.score > 0 ? null : (LANGUAGE_NAMES[guess] ?? null) };
}
