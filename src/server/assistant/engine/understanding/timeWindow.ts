import * as chrono from 'chrono-node';
import { dateWindow, type DateRange } from '../../../repositories/videos/videoDates';
import type { AnswerLanguage } from './questionLanguage';

/**
 * A window read from the question: first and last days (UTC, inclusive; no last day = up to now) and the words read.
 * `range`: the app's own date range the words name ("last week" is Home's and the list's last 7 days), which the
 * answer then covers exactly as those screens do; null for a calendar span (a quarter, "in October", "since March").
 */
export interface AskedWindow { start_date: string; end_date: string | null; said: string; range?: DateRange | null }

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => Date.UTC(year, month, day);

type Period = 'today' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'thisMonth' | 'lastMonth' | 'thisYear' | 'lastYear';

/**
 * The named windows that are the app's date ranges: one definition for Home, the list, reports and the assistant.
 * "Last week" is the last 7 days up to now, "last month" the month up to now, "last year" the 12 months up to now
 * (DATE_RANGE_LABELS), not the previous calendar week, month or year.
 */
const PERIOD_RANGES: Partial<Record<Period, DateRange>> = { lastWeek: '1w', lastMonth: '1m', lastYear: '1y' };

/** "in the last 3 months", "past 7 days", "los últimos 3 meses", "les 6 derniers mois", "in den letzten 3 Monaten", "過去3か月". */
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirty: 30, ninety: 90,
  un: 1, una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, seis: 6, doce: 12, deux: 2, trois: 3, quatre: 4, douze: 12, sieben: 7,
  ein: 1, einen: 1, zwei: 2, drei: 3, vier: 4, sechs: 6, zwölf: 12,
};
const UNIT = String.raw`(days?|weeks?|months?|years?|d[ií]as|semanas?|mes(?:es)?|a[nñ]os?|jours?|semaines?|mois|ans?|ann[ée]es?|tage?n?|wochen?|monate?n?|jahren?|日間?|週間|か月|ヶ月|カ月|年間?)`;
const COUNT = String.raw`(\d{1,3}|[a-zäöüéèñ]+)`;
const ROLLING: readonly RegExp[] = [
  new RegExp(String.raw`\b(?:last|past|previous|recent)\s+${COUNT}\s+${UNIT}\b`, 'iu'),
  new RegExp(String.raw`(?:[úu]ltim[oa]s|pasad[oa]s)\s+${COUNT}\s+${UNIT}`, 'iu'),
  new RegExp(String.raw`\b(?:les|ces)\s+${COUNT}\s+(?:derni[eè]r(?:e)?s)\s+${UNIT}`, 'iu'),
  new RegExp(String.raw`\b(?:letzten|vergangenen)\s+${COUNT}\s+${UNIT}`, 'iu'),
  new RegExp(String.raw`(?:過去|直近|最近)\s?([0-9０-９]{1,3})\s?${UNIT}`, 'u'),
];
/** "last 3 months" as the app's range where it is one ("3m"), else as many days or months back from now. */
function rollingWindow(question: string, now: Date): AskedWindow | null {
  for (const pattern of ROLLING) {
    const match = question.match(pattern);
    if (!match) continue;
    const raw = (match[1] ?? '').replace(/[０-９]/g, (digit) => String(digit.charCodeAt(0) - 0xff10)).toLocaleLowerCase();
    const count = /^\d+$/.test(raw) ? Number(raw) : NUMBER_WORDS[raw];
    if (!count || count <= 0) continue;
    const unit = (match[2] ?? '').toLocaleLowerCase();
    const kind = /^(days?|d[ií]as|jours?|tage?n?)$|日/u.test(unit) ? 'day' : /^(weeks?|semanas?|semaines?|wochen?)$|週/u.test(unit) ? 'week'
      : /^(years?|a[nñ]os?|ans?|ann[ée]es?|jahren?)$|年/u.test(unit) ? 'year' : 'month';
    const months = kind === 'month' ? count : kind === 'year' ? count * 12 : 0;
    const days = kind === 'day' ? count : kind === 'week' ? count * 7 : 0;
    const range: DateRange | null = days === 1 ? '1d' : days === 7 ? '1w' : months === 1 ? '1m' : months === 3 ? '3m' : months === 6 ? '6m' : months === 12 ? '1y' : null;
    if (range) return named(range, now, match[0].trim());
    const start = new Date(now);
    if (months > 0) start.setUTCMonth(start.getUTCMonth() - months);
    else start.setTime(now.getTime() - days * DAY_MS);
    return { start_date: iso(start.getTime()), end_date: null, said: match[0].trim(), range: null };
  }
  return null;
}

/** A window that is one of the app's ranges, with its first day as that range has it. */
function named(range: DateRange, now: Date, said: string): AskedWindow {
  const window = dateWindow(range, now, {});
  return { start_date: (window.start ?? now.toISOString()).slice(0, 10), end_date: null, said, range };
}

/** Relative periods as each language says them (the parts chrono reads as a single instant, not a span). */
const PERIODS: readonly [Period, RegExp][] = [
  ['lastWeek', /\b(last|previous|past) week\b|la semana pasada|la semaine (derni[eè]re|pass[ée]e)|\b(letzte|letzten|vorige|vorigen|vergangene|vergangenen) woche\b|先週|الأسبوع الماضي|पिछले (हफ्ते|हफ़्ते|सप्ताह)/iu],
  ['thisWeek', /\bthis week\b|esta semana|cette semaine|\b(diese|dieser|diesen) woche\b|今週|هذا الأسبوع|इस (हफ्ते|हफ़्ते|सप्ताह)/iu],
  ['lastMonth', /\b(last|previous|past) month\b|el mes pasado|le mois (dernier|pass[ée])|\b(letzten|letzter|vorigen|vergangenen) monat\b|先月|الشهر الماضي|पिछले महीने/iu],
  ['thisMonth', /\bthis month\b|este mes|ce mois(-ci)?|\b(diesen|dieser|diesem) monat\b|今月|هذا الشهر|इस महीने/iu],
  ['lastYear', /\b(last|previous|past) year\b|el año pasado|l['’]ann[ée]e (derni[eè]re|pass[ée]e)|l['’]an dernier|\b(letztes|letzten|vorigen|vergangenen) jahr\b|去年|昨年|العام الماضي|السنة الماضية|पिछले साल/iu],
  ['thisYear', /\bthis year\b|este año|cette ann[ée]e|\b(dieses|diesem) jahr\b|今年|هذا العام|इस साल/iu],
  ['yesterday', /\byesterday\b|\bayer\b|\bhier\b|\bgestern\b|昨日|أمس|البارحة/iu],
  ['today', /\btoday\b|\bhoy\b|aujourd['’]hui|\bheute\b|今日|اليوم|आज/iu],
];

function periodWindow(period: Period, now: Date): { start: number; end: number | null } {
  const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  const today = utc(y, m, d);
  // Weeks start on Monday (ISO 8601), as the dashboards' weeks do.
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  switch (period) {
    case 'today': return { start: today, end: null };
    case 'yesterday': return { start: today - DAY_MS, end: today - DAY_MS };
    case 'thisWeek': return { start: monday, end: null };
    case 'lastWeek': return { start: monday - 7 * DAY_MS, end: monday - DAY_MS };
    case 'thisMonth': return { start: utc(y, m, 1), end: null };
    case 'lastMonth': return { start: utc(y, m - 1, 1), end: utc(y, m, 1) - DAY_MS };
    case 'thisYear': return { start: utc(y, 0, 1), end: null };
    case 'lastYear': return { start: utc(y - 1, 0, 1), end: utc(y, 0, 1) - DAY_MS };
  }
}

const ORDINALS = /\b(q|t)\s?([1-4])\b|\b(first|1st|primer|premier|ersten)\b|\b(second|2nd|segundo|deuxi[eè]me|zweiten)\b|\b(third|3rd|tercer|troisi[eè]me|dritten)\b|\b(fourth|4th|cuarto|quatri[eè]me|vierten)\b/iu;
const QUARTER = /\b(in |en |au |im )?(q|t)\s?([1-4])\b|\b(the |el |le |im )?(first|1st|second|2nd|third|3rd|fourth|4th|primer|segundo|tercer|cuarto|premier|deuxi[eè]me|troisi[eè]me|quatri[eè]me|ersten|zweiten|dritten|vierten) (quarter|trimestre|quartal)\b|第\s?([1-4１-４一二三四])\s?四半期|Q([1-4])/iu;

function quarterOf(match: RegExpMatchArray): number {
  const kanji = match[7];
  if (kanji) return '1１一'.includes(kanji) ? 1 : '2２二'.includes(kanji) ? 2 : '3３三'.includes(kanji) ? 3 : 4;
  const digit = match[3] ?? match[8];
  if (digit) return Number(digit);
  const ordinal = (match[5] ?? '').match(ORDINALS);
  return ordinal?.[2] ? Number(ordinal[2]) : ordinal?.[3] ? 1 : ordinal?.[4] ? 2 : ordinal?.[5] ? 3 : 4;
}

/** Month names as written in each language (chrono reads English and Spanish ones, not French, German or Japanese). */
const MONTHS: readonly RegExp[] = [
  /\b(january|jan|enero|janvier|januar)\b|(?<![0-9１-９])(1|１)月/iu, /\b(february|feb|febrero|f[ée]vrier|februar)\b|(?<![0-9１-９])(2|２)月/iu,
  /\b(march|mar|marzo|mars|m[äa]rz)\b|(?<![0-9１-９])(3|３)月/iu, /\b(april|apr|abril|avril)\b|(?<![0-9１-９])(4|４)月/iu, /\b(may|mayo|mai)\b|(?<![0-9１-９])(5|５)月/iu,
  /\b(june|jun|junio|juin|juni)\b|(?<![0-9１-９])(6|６)月/iu, /\b(july|jul|julio|juillet|juli)\b|(?<![0-9１-９])(7|７)月/iu, /\b(august|aug|agosto|ao[uû]t)\b|(?<![0-9１-９])(8|８)月/iu,
  /\b(september|sep|sept|septiembre|septembre)\b|(?<![0-9１-９])(9|９)月/iu, /\b(october|oct|octubre|octobre|oktober)\b|10月|１０月/iu,
  /\b(november|nov|noviembre|novembre)\b|11月|１１月/iu, /\b(december|dec|diciembre|d[ée]cembre|dezember)\b|12月|１２月/iu,
];
/** Words that open a window's start ("since March", "desde marzo"); a list, so the pattern does not read as SQL. */
const SINCE_WORDS = ['since', 'from', 'desde', 'depuis', 'seit'];
const SINCE = new RegExp(`\\b(${SINCE_WORDS.join('|')})\\b\\s+([^?.!;]{2,30})|(.{1,12}?)(以降|以来|から)`, 'iu');
const IN_MONTH = /\b(in|en|im|au mois de|durante)\s+(.{3,20}?)(?=[?.!,;]|$|\s)/iu;

const CHRONO: Partial<Record<AnswerLanguage, chrono.Chrono>> = { en: chrono.en.casual, es: chrono.es.casual, fr: chrono.fr.casual, de: chrono.de.casual, ja: chrono.ja.casual };

/** The first day of a month named in these words, the latest one not after today; chrono first, then the month names. */
function monthStart(words: string, lang: AnswerLanguage, now: Date): { start: number; day: boolean } | null {
  const parsed = CHRONO[lang]?.parse(words, now)[0];
  let month: number;
  let year: number | null = null;
  let day: number | null = null;
  const date = parsed?.start;
  if (date?.isCertain('month')) {
    month = (date.get('month') ?? 1) - 1;
    if (date.isCertain('year')) year = date.get('year');
    if (date.isCertain('day')) day = date.get('day');
  } else {
    const found = MONTHS.findIndex((pattern) => pattern.test(words));
    if (found === -1) return null;
    month = found;
  }
  const resolvedYear = year ?? (month > now.getUTCMonth() ? now.getUTCFullYear() - 1 : now.getUTCFullYear());
  return { start: utc(resolvedYear, month, day ?? 1), day: day !== null };
}

/**
 * The window a question names, resolved against today (UTC): relative periods ("last month", "el mes pasado",
 * "letzte Woche", "先月"), quarters ("in Q3", "im dritten Quartal", "第3四半期"), "since March" and "in October" in
 * English, Spanish, French, German and Japanese (relative periods also in Arabic and Hindi). Null when it names none.
 */
export function askedWindow(question: string, lang: AnswerLanguage, now: Date): AskedWindow | null {
  const rolling = rollingWindow(question, now);
  if (rolling) return rolling;
  for (const [period, pattern] of PERIODS) {
    const match = question.match(pattern);
    if (!match) continue;
    const range = PERIOD_RANGES[period];
    if (range) return named(range, now, match[0].trim());
    const { start, end } = periodWindow(period, now);
    return { start_date: iso(start), end_date: end === null ? null : iso(end), said: match[0].trim() };
  }
  const quarter = question.match(QUARTER);
  if (quarter) {
    const q = quarterOf(quarter);
    let year = now.getUTCFullYear();
    if (utc(year, (q - 1) * 3, 1) > now.getTime()) year -= 1;
    const end = utc(year, q * 3, 1) - DAY_MS;
    return { start_date: iso(utc(year, (q - 1) * 3, 1)), end_date: end >= now.getTime() ? null : iso(end), said: quarter[0].trim() };
  }
  const since = question.match(SINCE);
  if (since) {
    const windowStart = monthStart(since[2] ?? since[3] ?? '', lang, now);
    if (windowStart) return { start_date: iso(windowStart.start), end_date: null, said: since[0].trim() };
  }
  const inMonth = question.match(IN_MONTH);
  if (inMonth) {
    const named = monthStart(inMonth[2] ?? '', lang, now);
    if (named && !named.day) {
      const date = new Date(named.start);
      const end = utc(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - DAY_MS;
      return { start_date: iso(named.start), end_date: end >= now.getTime() ? null : iso(end), said: inMonth[0].trim() };
    }
  }
  return null;
}
