import type { Reading } from './reading';
import { rankingWords } from './superlatives';

/**
 * Follow-ups (issue 30): a question that leans on the one before ("and the month before?", "only on TikTok", "which
 * creators said that?", "show me the negative ones") keeps the earlier reading's subject, filters and window, changing
 * only what it names itself. The earlier questions are read again in order (the conversation keeps them): the same
 * words on the same day give the same reading, so nothing else need be stored.
 */
const CUE = /^[\s¿¡]*(and|also|only|just|what about|how about|now|then)\b|^[\s¿¡]*(y|s[óo]lo|solamente|tambi[ée]n|et|seulement|uniquement|aussi|und|nur|auch)\b|^\s*(それと|では|じゃあ|それで)|^\s*(و|فقط)|^\s*(और|सिर्फ़|सिर्फ)/iu;
const BEFORE = /\b(the )?(month|week|year|quarter|period) before\b|\bprevious (one|month|period)\b|el (mes|periodo|año) anterior|(le )?mois (d['’]avant|pr[ée]c[ée]dent)|(den )?(monat|zeitraum) davor|im vormonat|その前|前の月|الشهر (السابق|الذي قبله)|उससे पहले/iu;
const WHO_SAID = /which creators? said (that|it|so)|who said (that|it|so)|qui(é|e)n(es)? (lo|eso) (dijo|dijeron)|qui (l['’]a|a) dit|wer hat das gesagt|welche creator haben das gesagt|誰が(それを)?言った|من قال ذلك|किसने (यह )?कहा/iu;
const TONE_ONES = /\b(negative|positive) ones\b|\blos (negativos|positivos)\b|\bles (n[ée]gatifs|positifs)\b|\bdie (negativen|positiven)\b|(ネガティブ|ポジティブ)な(もの|の)/iu;

export const isFollowUp = (question: string): boolean => CUE.test(question) || BEFORE.test(question) || WHO_SAID.test(question) || TONE_ONES.test(question);
export const asksWhoSaid = (question: string): boolean => WHO_SAID.test(question);
/** The tone "show me the negative ones" asks for, in any answer language. */
export function toneAsked(question: string): 'positive' | 'negative' | null {
  const match = question.match(TONE_ONES)?.[0] ?? '';
  return /n[ée]gati|ネガティブ/iu.test(match) ? 'negative' : /positi|ポジティブ/iu.test(match) ? 'positive' : null;
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The window just before one (a calendar month before a calendar month; else the same number of days before). */
function windowBefore(window: NonNullable<Reading['window']>, now: Date): NonNullable<Reading['window']> {
  const start = dayMs(window.start_date);
  const end = window.end_date === null ? dayMs(now.toISOString().slice(0, 10)) : dayMs(window.end_date);
  const first = new Date(start);
  const wholeMonth = first.getUTCDate() === 1 && (window.end_date === null || new Date(end + DAY_MS).getUTCDate() === 1) && end - start < 31 * DAY_MS;
  if (wholeMonth) {
    const monthBefore = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - 1, 1);
    return { start_date: iso(monthBefore), end_date: iso(start - DAY_MS), said: '' };
  }
  const days = Math.round((end - start) / DAY_MS) + 1;
  return { start_date: iso(start - days * DAY_MS), end_date: iso(start - DAY_MS), said: '' };
}

/** A follow-up's reading: its own parts, and the earlier reading's where it names none. */
export function followUp(question: string, current: Reading, earlier: Reading, now: Date): Reading {
  const named = current.named;
  const before = earlier.named;
  const window = BEFORE.test(question) && earlier.window ? windowBefore(earlier.window, now) : (current.window ?? earlier.window);
  const kept = (mine: unknown, theirs: unknown) => (mine === null || (Array.isArray(mine) && mine.length === 0)) && theirs !== null && !(Array.isArray(theirs) && theirs.length === 0);
  const inherited = window !== current.window || kept(named.products, before.products) || kept(named.competitor, before.competitor) || kept(named.creator, before.creator)
    || kept(named.platform, before.platform) || kept(named.language, before.language) || kept(current.concepts, earlier.concepts);
  return {
    ...current,
    window,
    named: {
      products: named.products.length > 0 ? named.products : before.products,
      competitor: named.competitor ?? before.competitor,
      creator: named.creator ?? before.creator,
      platform: named.platform ?? before.platform,
      language: named.language ?? before.language,
    },
    concepts: current.concepts.length > 0 ? current.concepts : earlier.concepts,
    kind: current.kind ?? (WHO_SAID.test(question) || TONE_ONES.test(question) ? null : earlier.kind),
    // "And which one do people like best?": the earlier ranking, by the measure and in the direction the follow-up says.
    ranking: current.ranking ?? (earlier.ranking ? { ...earlier.ranking, ...rankingWords(question) } : null),
    source: current.concepts.length > 0 || named.products.length > 0 ? question : earlier.source,
    inherited,
  };
}
