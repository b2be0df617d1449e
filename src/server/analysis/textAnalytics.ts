import { franc } from 'franc-min';
import { iso6393 } from 'iso-639-3';
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
import type { ItemToken } from 'wink-nlp';
import type { Mention } from '../../shared/http/uploads.schemas';
import type { Topic } from '../../shared/domain/video';
import { lineSentiment, type LineSentiment } from './lineSentiment';
import { nlp } from './nlp';
import type { TopicEntry } from './topicVocabulary';

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
  /** The competitors (target ids) the line speaks of; [] when it is the brand's own line. */
  about: string[];
  /** False when the scorer could not read the line (not English): its feeling is the one it came with, else neutral. */
  measured: boolean;
}

export interface TextAnalysis {
  lines: AnalysedLine[];
  /** Shares of the brand's own lines: lines about a competitor count for that competitor's mention instead. */
  sentiment: { positive: number; negative: number; neutral: number };
  /** Whether the scorer could read any of the brand's own lines; when not, the shares hold no new finding. */
  sentimentMeasured: boolean;
  /** ISO 639-1 when it has one (else 639-3); null when the text is too short to tell. */
  language: string | null;
  topics: Topic[];
  keywords: string[];
  foul: { level: 'none' | 'mild' | 'strong'; matches: number };
  mentions: Mention[];
  /** The speaker discloses a sponsorship ("sponsored by", "paid partnership", #ad). */
  sponsored: boolean;
}

export { nlp };

/** How creators disclose a paid video aloud or in captions, in the transcript languages the seed and uploads use. */
const SPONSORSHIP_DISCLOSURE = /\b(sponsored by|this video is sponsored|paid partnership|in partnership with|patrocinado por|sponsoris[ée]e? par|gesponsert von)\b|#(ad|sponsored|anzeige|publi)\b/iu;

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

/**
 * Everyday English words that are not also words of the other languages transcripts come in ("in", "so", "a", "me"
 * are): a line with none of them is not English, and the English scorer cannot read it (it would call it neutral).
 */
const ENGLISH_WORDS = new Set([
  'the', 'and', 'is', 'it', 'this', 'my', 'of', 'to', 'for', 'with', 'that', 'you', 'but', 'are', 'have', 'has', 'its', 'im', 'ive',
  'after', 'just', 'too', 'than', 'one', 'be', 'at', 'what', 'they', 'we', 'your', 'did', 'does', 'really', 'very', 'not', 'love',
  'like', 'skin', 'feels', 'smells', 'looks', 'works', 'great', 'good', 'bad',
]);
const readsAsEnglish = (content: string): boolean => normalise(content).trim().split(' ').some((word) => ENGLISH_WORDS.has(word));

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

/** The targets a line names, each with how often; the longest alias that matches counts ("Lumina Glow Serum" is not counted again as "glow serum"). */
function namedIn(text: string, targets: readonly MentionTarget[]): { target: MentionTarget; hits: number; at: number }[] {
  return targets.flatMap((target) => {
    const found = aliasesOf(target).map((alias) => ({ hits: countOf(text, alias), at: text.indexOf(alias) })).filter((alias) => alias.hits > 0);
    if (found.length === 0) return [];
    return [{ target, hits: Math.max(...found.map((alias) => alias.hits)), at: Math.min(...found.map((alias) => alias.at)) }];
  });
}

/** Where a comparison's second term starts ("better than the Dewbloom one"): a name after it is what the line is compared with. */
const COMPARED_WITH = [' than ', ' compared to ', ' compared with ', ' instead of ', ' unlike '];

/**
 * The competitors a line is about, or [] when it is the brand's: a line that names a competitor's product or name as
 * its subject and none of the brand's own speaks of the competitor, and its tone is the competitor's, not the brand's.
 * A competitor named only as the thing compared with ("works better than Dewbloom") leaves the line the brand's.
 */
function competitorsOf(text: string, named: readonly { target: MentionTarget; at: number }[]): MentionTarget[] {
  if (named.some((entry) => !entry.target.competitor)) return [];
  const comparedFrom = Math.min(...COMPARED_WITH.map((marker) => text.indexOf(marker)).filter((at) => at !== -1), Number.POSITIVE_INFINITY);
  return named.filter((entry) => entry.at < comparedFrom).map((entry) => entry.target);
}

function findMentions(lines: readonly AnalysedLine[], named: readonly ReturnType<typeof namedIn>[], targets: readonly MentionTarget[]): Mention[] {
  const mentions: Mention[] = [];
  for (const target of targets) {
    let count = 0;
    let first = -1;
    const tone = { positive: 0, negative: 0, neutral: 0 };
    named.forEach((entries, index) => {
      const entry = entries.find((candidate) => candidate.target === target);
      if (!entry) return;
      if (first === -1) first = index;
      count += entry.hits;
      const line = lines[index] as AnalysedLine;
      // A competitor's tally holds the lines about it with their tone, and as neutral the lines that only compare the
      // brand's product with it ("better than Dewbloom" says nothing good of Dewbloom); the brand's own names hold the
      // tone of every line that names them.
      if (!target.competitor || line.about.includes(target.id)) tone[line.sentiment] += 1;
      else tone.neutral += 1;
    });
    if (count > 0) mentions.push({ ...target, count, first_time: lines[first]?.start_time ?? 0, sentiment: tone });
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

const round = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * Text analytics of a transcript: wink-nlp sentiment per line (AFINN-style lexicon with negation handling) and the
 * shares of positive / negative / neutral lines overall, franc language detection, topics and sub-topics from the
 * brand's vocabulary (cue words on word boundaries, ranked by hits, top 3), noun keywords, obscenity's English
 * profanity dataset for brand safety, and named products and brands (own and competitors).
 */
export function analyseText(
  input: readonly { start_time: number; content: string; speaker: string | null; sentiment?: LineSentiment }[],
  targets: readonly MentionTarget[],
  vocabulary: readonly TopicEntry[],
): TextAnalysis {
  // Names are not opinions ("Dewbloom Beauty" would score as praise): each becomes "it" before scoring, in the line
  // as said, not its normalised form: the scorer needs the commas, full stops and "n't" that normalising takes away.
  const names = targets.flatMap(aliasesOf).map((alias) => alias.trim()).filter((alias) => alias !== '').sort((a, b) => b.length - a.length);
  const namePattern = names.length === 0
    ? null
    : new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.map((name) => name.split(' ').map(escapeRegExp).join("[^\\p{L}\\p{N}]+")).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  const withoutNames = (content: string): string => (namePattern ? content.replace(namePattern, 'it') : content);
  // Names say nothing of the language ("The Ordinary" in a French line): they are left out when telling it.
  const readable = (content: string): boolean => readsAsEnglish(namePattern ? content.replace(namePattern, ' ') : content);
  const named = input.map((line) => namedIn(normalise(line.content), targets));
  const lines: AnalysedLine[] = input.map((line, index) => {
    const about = competitorsOf(normalise(line.content), named[index] ?? []).map((target) => target.id);
    const base = { start_time: line.start_time, content: line.content, speaker: line.speaker, about };
    // A line the scorer cannot read keeps the feeling it came with (a stored line's): "neutral" would be a guess.
    if (!readable(line.content) && line.sentiment !== undefined) return { ...base, sentiment: line.sentiment, score: 0, measured: false };
    const { sentiment, score } = lineSentiment(withoutNames(line.content));
    return { ...base, sentiment, score, measured: readable(line.content) };
  });
  const own = lines.filter((line) => line.about.length === 0);
  const share = (kind: LineSentiment): number => (own.length === 0 ? 0 : round(own.filter((line) => line.sentiment === kind).length / own.length));
  const total = lines.length;
  const fullText = input.map((line) => line.content).join('\n');
  const matches = input.reduce((sum, line) => sum + profanityMatcher().getAllMatches(line.content).length, 0);
  return {
    lines,
    sentiment: { positive: share('positive'), negative: share('negative'), neutral: share('neutral') },
    sentimentMeasured: own.some((line) => line.measured),
    language: total === 0 ? null : detectLanguage(fullText),
    topics: findTopics(normalise(fullText), vocabulary),
    keywords: total === 0 ? [] : findKeywords(fullText),
    foul: { level: matches === 0 ? 'none' : matches <= FOUL_MILD_MAX ? 'mild' : 'strong', matches },
    mentions: findMentions(lines, named, targets),
    sponsored: input.some((line) => SPONSORSHIP_DISCLOSURE.test(line.content)),
  };
}
