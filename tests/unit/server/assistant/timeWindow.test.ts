import { describe, expect, it } from 'vitest';
import { askedWindow } from '../../../../src/server/assistant/engine/understanding/timeWindow';
import { questionLanguage } from '../../../../src/server/assistant/engine/understanding/questionLanguage';

/** Sunday 22 Nov 2026: weeks start on Monday 16 Nov. */
const NOW = new Date('2026-11-22T10:00:00.000Z');
const read = (question: string) => {
  const window = askedWindow(question, questionLanguage(question).lang, NOW);
  return window && { start: window.start_date, end: window.end_date };
};

describe('time expressions resolved against today, in the languages the assistant reads', () => {
  const cases: [string, string, string | null][] = [
    ['Summarise what creators said last month', '2026-10-01', '2026-10-31'],
    ['¿Qué dijeron el mes pasado?', '2026-10-01', '2026-10-31'],
    ['Qu’ont-ils dit le mois dernier ?', '2026-10-01', '2026-10-31'],
    ['Was wurde letzten Monat gesagt?', '2026-10-01', '2026-10-31'],
    ['先月の動画は？', '2026-10-01', '2026-10-31'],
    ['How many videos this week?', '2026-11-16', null],
    ['Videos letzte Woche', '2026-11-09', '2026-11-15'],
    ['¿Cuántos vídeos ayer?', '2026-11-21', '2026-11-21'],
    ['What changed since March?', '2026-03-01', null],
    ['Combien de vidéos depuis mars ?', '2026-03-01', null],
    ['Wie viele Videos seit März?', '2026-03-01', null],
    ['3月以降の動画は？', '2026-03-01', null],
    ['What did we get in Q3?', '2026-07-01', '2026-09-30'],
    ['Videos im dritten Quartal', '2026-07-01', '2026-09-30'],
    ['第3四半期の動画', '2026-07-01', '2026-09-30'],
    ['Which videos came in October?', '2026-10-01', '2026-10-31'],
    ['How did we do last year?', '2025-01-01', '2025-12-31'],
    ['كم عدد الفيديوهات الشهر الماضي؟', '2026-10-01', '2026-10-31'],
  ];
  for (const [question, start, end] of cases) it(question, () => expect(read(question)).toEqual({ start, end }));

  it('reads no window where none is named (a line about "last year" is not the question\'s window)', () => {
    expect(read('What do people say about the price?')).toBeNull();
    expect(read('Which products get the most negative comments?')).toBeNull();
  });
});

describe('the question’s language', () => {
  it.each([
    ['¿Qué opinan de la textura?', 'es'], ['Que pensent-ils de la texture ?', 'fr'], ['Wie finden sie die Textur?', 'de'], ['テクスチャーについての意見は？', 'ja'],
    ['ماذا يقولون عن السعر؟', 'ar'], ['कीमत के बारे में लोग क्या कहते हैं?', 'hi'], ['Glow Serum vs Night Repair Oil', 'en'],
  ])('%s is read as %s', (question, lang) => expect(questionLanguage(question)).toEqual({ lang, other: null }));

  it('reads a language it does not answer in as English, and names it', () => {
    expect(questionLanguage('Quali prodotti ricevono più commenti negativi dalle persone?')).toEqual({ lang: 'en', other: 'Italian' });
  });
});
