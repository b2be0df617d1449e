import type { QueryTerm } from '../questionTerms';
import { foldText, type Concept } from './lexicon';
import type { AnswerLanguage } from './questionLanguage';

/** Words that frame a question in Spanish, French and German (the English ones are the engine's STOP and FRAME words). */
const FRAME = new Set(foldText(`qué que cuál cuáles cómo cuántos cuántas quién dónde por para de del la las el los lo un una unos unas y o en con sobre es son está están
  opinan opina dicen dice dijeron piensan gente personas vídeos videos vídeo creadores creador nuestros nuestro nuestra nosotros tal hay algo
  quel quels quelle quelles comment combien qui où pour de du des la le les un une et ou en avec sur est sont disent dit pensent pense ils elles on gens vidéos vidéo
  créateurs créateur nos notre nous ce cette et quoi
  was wie welche welcher welches wer wo für von vom zum zur der die das den dem ein eine einen und oder in mit über ist sind sagen sagt gesagt denken finden
  leute videos video creator unsere unser wir es sie man etwas`).split(/\s+/));

/** Japanese, Arabic and Hindi question words and particles (their segments that say nothing of the subject). */
const FRAME_OTHER = new Set(`について どう 言わ れて います か ですか 何 どんな 意見 は の を に が で と も 動画 クリエイター 人 言って いますか
  ماذا ما كيف هل عن في من يقولون يقول الناس الفيديوهات فيديو
  के बारे में लोग क्या कहते हैं है कैसे कौन वीडियो`.split(/\s+/));

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * What a question not in English asks to find in the lines: each domain concept it names, searched by its forms in
 * every language (so "precio" finds "price"), then its other content words as they are (a name, a word the lexicon
 * lacks). The word shown is the one the question used.
 */
export function foreignTerms(question: string, concepts: readonly Concept[], lang: AnswerLanguage): QueryTerm[] {
  const terms: QueryTerm[] = concepts.map((concept) => {
    const asked = concept.forms.find((form) => foldText(question).includes(foldText(form))) ?? concept.forms[0] ?? concept.name;
    return { word: asked, lemma: `concept:${concept.name}`, forms: [...new Set(concept.forms.map(foldText))] };
  });
  if (terms.length > 0) return terms;
  for (const segment of segmenter.segment(question.toLocaleLowerCase())) {
    const word = segment.segment;
    if (!segment.isWordLike || [...word].length < 2 || /^\d+$/.test(word)) continue;
    if (FRAME.has(foldText(word)) || FRAME_OTHER.has(word)) continue;
    // Kana-only Japanese segments are particles and verb endings, not subjects.
    if (lang === 'ja' && /^[\p{Script=Hiragana}ー]+$/u.test(word)) continue;
    if (!terms.some((term) => term.lemma === word)) terms.push({ word, lemma: word, forms: [foldText(word)] });
  }
  return terms;
}
