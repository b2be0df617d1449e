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
    ['Summarise what creators said last month', '2026-10-22', null],
    ['¿Qué dijeron el mes pasado?', '2026-10-22', null],
    ['Qu’ont-ils dit le mois dernier ?', '2026-10-22', null],
    ['Was wurde letzten Monat gesagt?', '2026-10-22', null],
    ['先月の動画は？', '2026-10-22', null],
    ['How many videos this week?', '2026-11-16', null],
    ['Videos letzte Woche', '2026-11-15', null],
    ['¿Cuántos vídeos ayer?', '2026-11-21', '2026-11-21'],
    ['What changed since March?', '2026-03-01', null],
    ['Combien de vidéos depuis mars ?', '2026-03-01', null],
    ['Wie viele Videos seit März?', '2026-03-01', null],
    ['3月以降の動画は？', '2026-03-01', null],
    ['What did we get in Q3?', '2026-07-01', '2026-09-30'],
    ['Videos im dritten Quartal', '2026-07-01', '2026-09-30'],
    ['第3四半期の動画', '2026-07-01', '2026-09-30'],
    ['Which videos came in October?', '2026-10-01', '2026-10-31'],
    ['How did we do last year?', '2025-11-22', null],
    ['How many videos in the last 3 months?', '2026-08-22', null],
    ['Which video had the most views in the past 7 days?', '2026-11-15', null],
    ['¿Cuántos vídeos en los últimos 3 meses?', '2026-08-22', null],
    ['Combien de vidéos ces 6 derniers mois ?', '2026-05-22', null],
    ['Wie viele Videos in den letzten 3 Monaten?', '2026-08-22', null],
    ['過去3か月の動画は？', '2026-08-22', null],
    ['What was said over the last 10 days?', '2026-11-12', null],
    ['Videos of the last two weeks', '2026-11-08', null],
    ['كم عدد الفيديوهات الشهر الماضي؟', '2026-10-22', null],
  ];
  for (const [question, start, end] of cases) it(question, () => expect(read(question)).toEqual({ start, end }));

  it('a named window that is one of the app\'s date ranges is that range (Home\'s and the list\'s "last week" is the last 7 days)', () => {
    const range = (question: string) => askedWindow(question, 'en', NOW)?.range ?? null;
    expect([range('videos last week'), range('last month'), range('in the last 3 months'), range('the past 6 months'), range('last year'), range('in Q3')])
      .toEqual(['1w', '1m', '3m', '6m', '1y', null]);
  });

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
