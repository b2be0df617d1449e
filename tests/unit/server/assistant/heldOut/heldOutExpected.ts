import type Database from 'better-sqlite3';
import { francAll } from 'franc-min';
import type { AssistantMessage } from '../../../../../src/shared/assistant/assistant.schemas';
import { HAS_SENTIMENT } from '../../videos/support/sentimentReference';
import type { Expect, HeldOutCase, Lang, Window } from './heldOutCases';

/**
 * The held-out set's checks (issue 30): each expected answer worked out by SQL over the seeded database, written apart
 * from the engine, then compared with what the answer says. A verdict says whether the answer is right and whether
 * it answered confidently about another window or subject (the failure that must never happen).
 */
export interface HeldOutVerdict { problems: string[]; wrongReading: boolean; languageRight: boolean; precision?: number }

/** An answer that says it could not read the question (it then offers questions it can answer). */
export const NOT_UNDERSTOOD = /I could not read|No pude entender|Je n'ai pas pu comprendre|Ich konnte .* nicht verstehen|読み取れませんでした|لم أستطع فهم|समझ नहीं सका/;
const word = (text: string) => new RegExp(`(^|[^\\p{L}])${text}(?![\\p{L}])`, 'u');
const YES: Record<Lang, RegExp> = { en: word('Yes'), es: word('Sí'), fr: word('Oui'), de: word('Ja'), ja: /はい/, ar: /نعم/, hi: /हाँ/ };
const FRANC: Record<Lang, string> = { en: 'eng', es: 'spa', fr: 'fra', de: 'deu', ja: 'jpn', ar: 'arb', hi: 'hin' };

/** The brand's videos in the window as the acting brand counts them (its list): not trashed, flagged or removed by it. */
const IN_WINDOW = `v.brand_id = @brand AND (@start = '' OR v.created_at >= @start) AND v.created_at <= @end
  AND v.id NOT IN (SELECT target_id FROM marks WHERE kind = 'video' AND mark IN ('trash', 'flag') AND brand_id = @acting)
  AND v.id NOT IN (SELECT video_id FROM video_removals WHERE brand_id = @acting)`;
const params = (brand: string, w: Window, acting = brand) => ({ brand, start: w.start ?? '', end: w.end, acting });

/** Case and Latin diacritics folded, as the transcript search compares. */
const fold = (text: string) => text.normalize('NFD').replace(/(\p{Script=Latin})\p{M}+/gu, '$1').toLocaleLowerCase();
/** The answer's own words: the quoted lines (“…”) and the cited videos' titles (a numbered line starting with a quote) left out. */
const ownWords = (content: string) => content.replace(/^\d+\. “.*$/gmu, ' ').replace(/“[^”]*”/g, ' ');
/** Whether the answer's own words state this whole number (not as part of a longer one). */
const states = (content: string, n: number) => new RegExp(`(^|[^\\d.,])${n.toLocaleString('en-US').replace(',', '[,.\\u202f ]?')}(?![\\d]|[.,]\\d)`).test(ownWords(content));
/** Which of these names the answer's own words name first. */
function firstNamed(content: string, names: readonly string[]): string | null {
  const text = ownWords(content);
  let best: { name: string; at: number } | null = null;
  for (const name of names) {
    const at = text.indexOf(name);
    if (at !== -1 && (best === null || at < best.at || (at === best.at && name.length > best.name.length))) best = { name, at };
  }
  return best?.name ?? null;
}

export function judge(db: Database.Database, brandId: string, item: HeldOutCase, answer: AssistantMessage): HeldOutVerdict {
  const expect = item.expect;
  const gaveUp = NOT_UNDERSTOOD.test(answer.content);
  const windowRight = (answer.start_date ?? null) === expect.window.start && answer.end_date === expect.window.end;
  const problems: string[] = windowRight ? [] : [`window ${answer.start_date} – ${answer.end_date}, expected ${expect.window.start} – ${expect.window.end}`];
  if (gaveUp) problems.push('did not read the question');
  // franc on a short text is unsure between close languages: the question's language among its two best guesses passes.
  const guesses = francAll(ownWords(answer.content).replace(/[\p{Lu}][\p{L}\d]*(\s[\p{Lu}\d][\p{L}\d]*)+/gu, ' '), { only: Object.values(FRANC), minLength: 3 }).slice(0, 2).map(([code]) => code);
  const detected = guesses[0] ?? 'und';
  const languageRight = guesses.includes(FRANC[item.lang]);
  if (!languageRight) problems.push(`answered in ${detected}, asked in ${item.lang}`);
  const check = CHECKS[expect.kind] as (db: Database.Database, brandId: string, expect: Expect, answer: AssistantMessage, lang: Lang) => { problems: string[]; subjectWrong?: boolean; precision?: number };
  const result = check(db, brandId, expect, answer, item.lang);
  return {
    problems: [...problems, ...result.problems],
    wrongReading: !gaveUp && (!windowRight || result.subjectWrong === true),
    languageRight,
    ...(result.precision === undefined ? {} : { precision: result.precision }),
  };
}

type Check<K extends Expect['kind']> = (db: Database.Database, brandId: string, expect: Extract<Expect, { kind: K }>, answer: AssistantMessage, lang: Lang) => { problems: string[]; subjectWrong?: boolean; precision?: number };

const count: Check<'count'> = (db, brandId, expect, answer) => {
  const n = db.prepare(`SELECT COUNT(*) FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE ${IN_WINDOW}
    AND (@platform IS NULL OR v.platform = @platform) AND (@creator IS NULL OR c.name = @creator) AND (@language IS NULL OR v.language = @language)`)
    .pluck().get({ ...params(brandId, expect.window), platform: expect.platform ?? null, creator: expect.creator ?? null, language: expect.language ?? null }) as number;
  const creatorMissing = expect.creator !== undefined && !answer.content.includes(expect.creator);
  return { problems: states(answer.content, n) ? [] : [`count ${n} not stated`], subjectWrong: creatorMissing };
};

const superlative: Check<'superlative'> = (db, brandId, expect, answer) => {
  const rows = db.prepare(`SELECT p.name,
      (SELECT COUNT(*) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = p.id AND ${IN_WINDOW}) AS mentions,
      (SELECT AVG(v.sentiment_negative) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = p.id AND ${IN_WINDOW} AND ${HAS_SENTIMENT}) AS negative,
      (SELECT AVG(v.sentiment_positive) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = p.id AND ${IN_WINDOW} AND ${HAS_SENTIMENT}) AS positive
    FROM products p WHERE p.brand_id = @brand`).all(params(brandId, expect.window)) as { name: string; mentions: number; negative: number | null; positive: number | null }[];
  const scored = rows.filter((r) => r[expect.measure] !== null).map((r) => ({ name: r.name, value: (r[expect.measure] ?? 0) * (expect.direction === 'most' ? 1 : -1) }));
  const best = Math.max(...scored.map((r) => r.value));
  const winners = scored.filter((r) => Math.abs(r.value - best) < 1e-9).map((r) => r.name);
  const named = firstNamed(answer.content, rows.map((r) => r.name));
  return { problems: named !== null && winners.includes(named) ? [] : [`named ${named ?? 'no product'} first, expected ${winners.join(' or ')}`] };
};

const topCreator: Check<'topCreator'> = (db, brandId, expect, answer) => {
  const rows = db.prepare(`SELECT c.name, SUM(v.views) AS views FROM videos v JOIN creators c ON c.id = v.creator_id WHERE ${IN_WINDOW} GROUP BY c.id ORDER BY views DESC`)
    .all(params(brandId, expect.window)) as { name: string; views: number }[];
  const winners = rows.filter((r) => r.views === rows[0]?.views).map((r) => r.name);
  const everyone = db.prepare('SELECT DISTINCT name FROM creators WHERE brand_id = ?').pluck().all(brandId) as string[];
  const named = firstNamed(answer.content, everyone);
  return { problems: named !== null && winners.includes(named) ? [] : [`named ${named ?? 'no creator'} first, expected ${winners.join(' or ')}`] };
};

const productVideos = (db: Database.Database, brandId: string, window: Window, product: string) => db.prepare(`SELECT COUNT(*) FROM videos v
  JOIN video_products vp ON vp.video_id = v.id JOIN products p ON p.id = vp.product_id WHERE p.name = @product AND ${IN_WINDOW}`).pluck().get({ ...params(brandId, window), product }) as number;

const compare: Check<'compare'> = (db, brandId, expect, answer) => {
  const problems = expect.products.flatMap((product) => {
    const n = productVideos(db, brandId, expect.window, product);
    if (!answer.content.includes(product)) return [`${product} not named`];
    return states(answer.content, n) ? [] : [`${product}: ${n} videos not stated`];
  });
  return { problems, subjectWrong: expect.products.some((product) => !answer.content.includes(product)) };
};

const competitor: Check<'competitor'> = (db, brandId, expect, answer) => {
  const rivalId = db.prepare('SELECT id FROM brands WHERE competitor_of = ? AND name = ?').pluck().get(brandId, expect.rival) as string;
  const videos = (brand: string) => db.prepare(`SELECT COUNT(*) FROM videos v WHERE ${IN_WINDOW}`).pluck().get(params(brand, expect.window, brandId)) as number;
  const [own, rival] = [videos(brandId), videos(rivalId)];
  const problems = [...(states(answer.content, own) ? [] : [`own ${own} videos not stated`]), ...(states(answer.content, rival) ? [] : [`${expect.rival} ${rival} videos not stated`])];
  return { problems, subjectWrong: !answer.content.includes(expect.rival) };
};

const share: Check<'share'> = (db, brandId, expect, answer) => {
  const row = db.prepare(`SELECT COUNT(*) AS total, SUM(v.platform = @platform) AS onPlatform FROM videos v WHERE ${IN_WINDOW}`).get({ ...params(brandId, expect.window), platform: expect.platform }) as { total: number; onPlatform: number | null };
  const value = row.total === 0 ? 0 : ((row.onPlatform ?? 0) / row.total) * 100;
  const stated = [...ownWords(answer.content).matchAll(/(\d+(?:[.,]\d+)?)\s?%/g)].map((m) => Number((m[1] ?? '').replace(',', '.')));
  return { problems: stated.some((p) => Math.abs(p - value) <= 0.051) ? [] : [`share ${value.toFixed(1)}% not stated (found ${stated.join(', ')})`] };
};

interface CitedLine { content: string; video: string; inProduct: number }
function citedLines(db: Database.Database, brandId: string, window: Window, answer: AssistantMessage, product: string | null): (CitedLine | undefined)[] {
  return answer.supporting_data.map((c) => db.prepare(`SELECT tl.content, tl.video_id AS video,
      EXISTS (SELECT 1 FROM video_products vp JOIN products p ON p.id = vp.product_id WHERE vp.video_id = v.id AND p.name = @product) AS inProduct
    FROM transcript_lines tl JOIN videos v ON v.id = tl.video_id WHERE tl.id = @line AND ${IN_WINDOW}`).get({ ...params(brandId, window), line: Number(c.db_id), product }) as CitedLine | undefined);
}
/** Whether a line says one of the forms; a Latin-script form where a word starts ("sting" is not said by "testing"). */
const saysAny = (content: string, forms: readonly string[]) => forms.some((form) => (/^\p{Script=Latin}/u.test(form)
  ? new RegExp(`(^|[^\\p{L}])${fold(form).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').test(fold(content))
  : fold(content).includes(fold(form))));

const yesno: Check<'yesno'> = (db, brandId, expect, answer, lang) => {
  const lines = db.prepare(`SELECT tl.content FROM transcript_lines tl JOIN videos v ON v.id = tl.video_id JOIN video_products vp ON vp.video_id = v.id
    JOIN products p ON p.id = vp.product_id WHERE p.name = @product AND ${IN_WINDOW}`).pluck().all({ ...params(brandId, expect.window), product: expect.product }) as string[];
  const yes = lines.some((line) => saysAny(line, expect.forms));
  const saidYes = YES[lang].test(ownWords(answer.content));
  const problems = saidYes === yes ? [] : [`answered ${saidYes ? 'yes' : 'not yes'}, expected ${yes ? 'yes' : 'no'}`];
  if (yes) {
    const cited = citedLines(db, brandId, expect.window, answer, expect.product);
    if (!cited.some((line) => line !== undefined && line.inProduct === 1 && saysAny(line.content, expect.forms))) problems.push('no cited line of the product says it');
  }
  return { problems, subjectWrong: !answer.content.includes(expect.product.replace(/^Lumina /, '')) };
};

const lines: Check<'lines'> = (db, brandId, expect, answer) => {
  const cited = citedLines(db, brandId, expect.window, answer, null);
  if (cited.length === 0) return { problems: ['no line cited'], precision: 0 };
  const relevant = (line: CitedLine | undefined) => line !== undefined && (expect.forms.length === 0 || saysAny(line.content, expect.forms));
  const problems = cited.flatMap((line, at) => (relevant(line) ? [] : [`citation ${at + 1} ${line ? `“${line.content}” says none of the subject's words` : 'is not a line of a video in the window'}`]));
  const firstFive = cited.slice(0, 5);
  return { problems, precision: firstFive.filter(relevant).length / firstFive.length };
};

/** The window's videos with their speech analysed (a transcript line) and without, by SQL written apart from the engine. */
function analysedSplit(db: Database.Database, brandId: string, window: Window): { read: number; missing: number } {
  const row = db.prepare(`SELECT COUNT(*) AS total, SUM(CASE WHEN ${HAS_SENTIMENT} THEN 1 ELSE 0 END) AS read FROM videos v WHERE ${IN_WINDOW}`)
    .get(params(brandId, window)) as { total: number; read: number | null };
  return { read: row.read ?? 0, missing: row.total - (row.read ?? 0) };
}

const coverage: Check<'coverage'> = (db, brandId, expect, answer) => {
  const { read, missing } = analysedSplit(db, brandId, expect.window);
  const problems = [...(states(answer.content, read) ? [] : [`${read} analysed not stated`]), ...(states(answer.content, missing) ? [] : [`${missing} not analysed not stated`])];
  // Answering with the window's count alone reads the question as another one (how many videos there are).
  return { problems, subjectWrong: !states(answer.content, read) && !states(answer.content, missing) };
};

const sentimentBase: Check<'sentimentBase'> = (db, brandId, expect, answer) => {
  const positive = db.prepare(`SELECT AVG(v.sentiment_positive) FROM videos v WHERE ${IN_WINDOW} AND ${HAS_SENTIMENT}`).pluck().get(params(brandId, expect.window)) as number | null;
  const { missing } = analysedSplit(db, brandId, expect.window);
  const stated = [...ownWords(answer.content).matchAll(/(\d+(?:[.,]\d+)?)\s?%/g)].map((m) => Number((m[1] ?? '').replace(',', '.')));
  const problems: string[] = [];
  if (positive === null) problems.push('no analysed video: expected no sentiment');
  else if (!stated.some((p) => Math.abs(p - positive * 100) <= 0.051)) problems.push(`positive ${(positive * 100).toFixed(1)}% not stated (found ${stated.join(', ')})`);
  if (missing > 0 && !states(answer.content, missing)) problems.push(`${missing} videos not analysed not stated`);
  return { problems };
};

const CHECKS: { [K in Expect['kind']]: Check<K> } = { count, superlative, topCreator, compare, competitor, share, yesno, lines, coverage, sentimentBase };
