import { franc } from 'franc-min';
import { iso6393 } from 'iso-639-3';
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
import type { ItemToken } from 'wink-nlp';
import type { Mention } from '../../shared/http/uploads.schemas';
import type { Topic } from '../../shared/domain/video';
import type { TopicEntry } from './topicVocabulary';
import { lineOpinion, nlp, type LineSentiment } from './lineSentiment';

export { nlp, type LineSentiment };
/** Matches of foul language above which a video is 'strong' rather than 'mild'. */
export const FOUL_MILD_MAX = 2;

/** What the analysis looks for: the brand's products and names and those of its competitors. */
export interface MentionTarget {
  kind: 'product' | 'brand';
  id: string;
  name: string;
  competitor: boolean;
}

export interface AnalysedLine {
  start_time: number;
  content: string;
  speaker: string | null;
  sentiment: LineSentiment;
  score: number;
  /** False when the scorer could not read the line (another language) and it kept the feeling it had, if any. */
  measured: boolean;
  /** The competitor a line names without naming the brand's own: its feeling counts for that competitor. */
  competitorId: string | null;
}

export interface TextAnalysis {
  lines: AnalysedLine[];
  /** Shares of the brand's own lines whose feeling is known; null when no line's is (nothing to replace a stored figure with). */
  sentiment: { positive: number; negative: number; neutral: number } | null;
  /** ISO 639-1 when it has one (else 639-3); null when the text is too short to tell. */
  language: string | null;
  topics: Topic[];
  keywords: string[];
  foul: { level: 'none' | 'mild' | 'strong'; matches: number };
  mentions: Mention[];
}

let profanity: RegExpMatcher | null = null;
function profanityMatcher(): RegExpMatcher {
  profanity ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  return profanity;
}

const ISO1 = new Map(iso6393.filter((lang) => lang.iso6391).map((lang) => [lang.iso6393, lang.iso6391 as string]));
/**
 * franc names some languages by an individual language of a macrolanguage (Standard Arabic "arb", Mandarin "cmn"),
 * which has no ISO 639-1 code of its own; the app speaks of them by the macrolanguage's ("ar", "zh").
 */
const MACRO: Readonly<Record<string, string>> = {
  arb: 'ar', cmn: 'zh', pes: 'fa', zlm: 'ms', uzn: 'uz', azj: 'az', khk: 'mn', npi: 'ne', ory: 'or', plt: 'mg', swh: 'sw',
  ekk: 'et', lvs: 'lv', als: 'sq', ydd: 'yi', gaz: 'om', quy: 'qu', pbu: 'ps', kmr: 'ku',
};

/** The language of a text by franc (trigram statistics), as ISO 639-1 where one exists; null when undetermined. */
export function detectLanguage(text: string): string | null {
  const code = franc(text, { minLength: 10 });
  if (code === 'und') return null;
  return ISO1.get(code) ?? MACRO[code] ?? code;
}

/** Lower case, letters and digits only, single spaces, padded: phrases match on word boundaries by `includes`. */
function normalise(text: string): string {
  return ` ${text.toLocaleLowerCase().replace(/[’']/g, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
}

function countOf(haystack: string, needle: string): number {
  if (needle.trim() === '') return 0;
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length - 1)) count += 1;
  return count;
}

/** The phrases that name a target: its full name, and for products the name without the brand's first word. */
function aliasesOf(target: MentionTarget): string[] {
  const full = normalise(target.name);
  const words = full.trim().split(' ');
  const aliases = [full];
  if (target.kind === 'product' && words.length >= 3) aliases.push(` ${words.slice(1).join(' ')} `);
  if (target.kind === 'brand' && words.length >= 2 && (words[0]?.length ?? 0) >= 5) aliases.push(` ${words[0]} `);
  return aliases;
}

function findMentions(lines: readonly AnalysedLine[], targets: readonly MentionTarget[]): Mention[] {
  const normalised = lines.map((line) => normalise(line.content));
  const mentions: Mention[] = [];
  for (const target of targets) {
    const aliases = aliasesOf(target);
    let count = 0;
    let first = -1;
    const felt = { positive: 0, negative: 0, neutral: 0 };
    normalised.forEach((text, index) => {
      // The longest alias that matches counts, so "Lumina Glow Serum" is not counted again as "glow serum".
      const hits = Math.max(...aliases.map((alias) => countOf(text, alias)));
      if (hits > 0 && first === -1) first = index;
      count += hits;
      const line = lines[index];
      if (hits > 0 && line && line.measured) felt[line.sentiment] += 1;
    });
    if (count > 0) mentions.push({ ...target, count, first_time: lines[first]?.start_time ?? 0, sentiment: felt });
  }
  return mentions.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function findTopics(text: string, vocabulary: readonly TopicEntry[]): Topic[] {
  const scored = vocabulary.map((entry) => {
    const subs = entry.subTopics
      .map((sub) => ({ name: sub.name, hits: sub.cues.reduce((sum, cue) => sum + countOf(text, normalise(cue)), 0) }))
      .filter((sub) => sub.hits > 0)
      .sort((a, b) => b.hits - a.hits || a.name.localeCompare(b.name));
    const own = countOf(text, normalise(entry.topic));
    return { topic: entry.topic, subs, score: own + subs.reduce((sum, sub) => sum + sub.hits, 0) };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.topic.localeCompare(b.topic))
    .slice(0, 3)
    .map((entry) => ({ topic: entry.topic, subTopics: entry.subs.map((sub) => sub.name) }));
}

/** The most frequent nouns (lemmas, stop words and short words out), most frequent first. */
function findKeywords(text: string, limit = 10): string[] {
  const { its } = nlp();
  const doc = nlp().readDoc(text);
  const counts = new Map<string, number>();
  doc.tokens().each((token: ItemToken) => {
    const pos = token.out(its.pos);
    if ((pos !== 'NOUN' && pos !== 'PROPN') || token.out(its.stopWordFlag)) return;
    // wink-nlp's typings declare `its.lemma` with an addons parameter `out` does not accept; it works at run time.
    const lemma = String(token.out(its.lemma as unknown as typeof its.normal)).toLowerCase();
    if (lemma.length < 3 || !/^\p{L}+$/u.test(lemma)) return;
    counts.set(lemma, (counts.get(lemma) ?? 0) + 1);
  });
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit).map(([word]) => word);
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The line with every name blanked out ("_"), its punctuation kept so the scorer still sees the clauses. */
function blankNames(content: string, names: readonly string[]): string {
  let text = content.toLocaleLowerCase().replace(/[’']/g, '');
  for (const name of names) {
    const pattern = name.split(' ').map(escape).join('[^\\p{L}\\p{N}]+');
    text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'gu'), '_');
  }
  return text;
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * Text analytics of a transcript: the sentiment of each line (lineSentiment.ts) and the shares of positive / negative /
 * neutral among the brand's own lines whose feeling is known (a line about a competitor counts for that competitor's
 * mention; a line in a language the scorer cannot read keeps the feeling it came with), franc language detection, topics and sub-topics from the
 * brand's vocabulary (cue words on word boundaries, ranked by hits, top 3), noun keywords, obscenity's English
 * profanity dataset for brand safety, and named products and brands (own and competitors).
 */
export function analyseText(
  input: readonly { start_time: number; content: string; speaker: string | null; sentiment?: LineSentiment }[],
  targets: readonly MentionTarget[],
  vocabulary: readonly TopicEntry[],
): TextAnalysis {
  // Names are not opinions ("Dewbloom Beauty" would score as praise): they are blanked before scoring.
  const names = targets.flatMap(aliasesOf).map((alias) => alias.trim()).filter((alias) => alias !== '').sort((a, b) => b.length - a.length);
  // A line is about what it names: one naming a competitor and nothing of the brand's own speaks of that competitor.
  const named = targets.map((target) => ({ target, aliases: aliasesOf(target) }));
  const competitorOf = (content: string): string | null => {
    const text = normalise(content);
    const hits = named.filter(({ aliases }) => aliases.some((alias) => text.includes(alias)));
    if (hits.length === 0 || hits.some(({ target }) => !target.competitor)) return null;
    const brand = hits.find(({ target }) => target.kind === 'brand');
    return (brand ?? hits[0])?.target.id ?? null;
  };
  const fullText = input.map((line) => line.content).join('\n');
  const language = input.length === 0 ? null : detectLanguage(fullText);
  const lines: AnalysedLine[] = input.map((line) => {
    // Punctuation stays (it separates clauses for the scorer); only the names are taken out.
    const text = names.length > 0 ? blankNames(line.content, names) : line.content;
    const scored = lineOpinion(text);
    // In an English transcript a short Latin-script line with no English word ("Hey everyone!") is read, as neutral.
    const opinion = scored.measured || language !== 'en' || !/\p{Script=Latin}/u.test(line.content) ? scored : { ...scored, measured: true };
    // A line the scorer cannot read keeps the feeling it was given (a stored line's), else it is neutral but unmeasured.
    const sentiment = opinion.measured ? opinion.sentiment : line.sentiment ?? 'neutral';
    const known = opinion.measured || line.sentiment !== undefined;
    return { start_time: line.start_time, content: line.content, speaker: line.speaker, sentiment, score: opinion.score, measured: known, competitorId: competitorOf(line.content) };
  });
  const own = lines.filter((line) => line.measured && line.competitorId === null);
  const share = (kind: LineSentiment): number => round(own.filter((line) => line.sentiment === kind).length / own.length);
  const total = lines.length;
  const matches = input.reduce((sum, line) => sum + profanityMatcher().getAllMatches(line.content).length, 0);
  return {
    lines,
    sentiment: own.length === 0 ? null : { positive: share('positive'), negative: share('negative'), neutral: share('neutral') },
    language,
    topics: findTopics(normalise(fullText), vocabulary),
    keywords: total === 0 ? [] : findKeywords(fullText),
    foul: { level: matches === 0 ? 'none' : matches <= FOUL_MILD_MAX ? 'mild' : 'strong', matches },
    mentions: findMentions(lines, targets),
  };
}
