/**
 * Finds a sponsorship disclosure in the words on screen (or any timed lines): the hashtags and labels creators are
 * told to show — "#ad", "#sponsored", "Paid partnership with X", "Werbung", "Anzeige", "publicidad", "partenariat
 * rémunéré", "reklama", "ADV", "広告", "PR" … — each matched as a whole word, so "adventure", "ADVANCED", "shadow" or
 * "PRICE" never count. The sponsor is a workspace brand named on the disclosing line (its "with X" / "by X" part
 * first), else a brand on screen at the same time.
 */
import type { TimedText } from '../engines';

export interface SponsorDisclosure {
  /** The brand's name as the workspace spells it, or null when the disclosure names none of its brands. */
  sponsoredBy: string | null;
  /** The second the disclosure is first shown. */
  second: number;
  /** The line that discloses it, as read. */
  phrase: string;
}

export interface Brand {
  id: string;
  name: string;
}

const WORD_BEFORE = String.raw`(?<![\p{L}\p{N}_#@])`;
const WORD_AFTER = String.raw`(?![\p{L}\p{N}_])`;

/** Disclosure words that match in any case, as whole words (hashtags included). */
const ANY_CASE = [
  // English
  '#ad', '#ads', '#advert', '#advertisement', '#sponsored', '#sponsor', '#spon', '#paidpartnership', '#paidpartner', '#paid', '#partner(?:ship)?',
  'paid partnership', 'paid promotion', 'sponsored(?: by)?', 'in partnership with', 'advertisement', 'includes paid promotion',
  // German
  '#werbung', '#anzeige', 'werbung', 'anzeige', 'bezahlte partnerschaft', 'gesponsert(?: von)?',
  // Spanish / Portuguese
  '#publicidad', '#patrocinado', 'publicidad', 'patrocinad[oa](?: por)?', 'colaboración pagada', 'asociación pagada', 'publicidade', 'parceria paga', '#publi',
  // French
  'partenariat rémunéré', '#partenariat', 'sponsorisée?(?: par)?', '#sponsorisé', 'publicité', '#pub', 'collaboration commerciale',
  // Italian
  'pubblicità', 'sponsorizzat[oa](?: da)?', 'adv', '#adv', 'partnership retribuita',
  // Dutch, Polish, Nordic
  'advertentie', 'gesponsord', 'reklama', '#reklama', 'współpraca reklamowa', 'sponset', 'reklam', 'mainos',
];
/** Labels that are disclosures only in capitals (a lone "AD" or "PR" in the corner), not the words "ad" / "pr". */
const CAPITALS_ONLY = ['AD', 'PR'];
/** Scripts without spaces between words: matched anywhere in the line. */
const UNSPACED = ['広告', 'プロモーション', 'タイアップ', '广告', '廣告', '赞助', '贊助', '광고', '유료 광고', '협찬'];

const anyCase = new RegExp(`${WORD_BEFORE}(?:${ANY_CASE.join('|')})${WORD_AFTER}`, 'iu');
const capitals = new RegExp(`${WORD_BEFORE}(?:${CAPITALS_ONLY.join('|')})${WORD_AFTER}`, 'u');
const unspaced = new RegExp(UNSPACED.join('|'), 'u');
/** What follows "with" / "by" / "mit" … in a disclosure: the sponsor's name as written. */
const NAMED = /(?:\bwith|\bby|\bmit|\bvon|\bpar|\bavec|\bpor|\bcon|\bda|\bcom|\bx)\s+@?([\p{L}\p{N}][\p{L}\p{N}&'’.\- ]{0,60})/iu;

const normalise = (text: string): string => text.normalize('NFKC');

/** Whether a line discloses a sponsorship. */
export function isDisclosure(text: string): boolean {
  const line = normalise(text);
  return anyCase.test(line) || capitals.test(line) || unspaced.test(line);
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** The brands named in a piece of text, as whole words (case and spacing aside), longest name first. */
function brandsIn(text: string, brands: readonly Brand[]): Brand[] {
  const line = normalise(text).toLowerCase();
  return brands
    .filter((brand) => brand.name.trim() !== '')
    .filter((brand) => new RegExp(`${WORD_BEFORE}${escape(normalise(brand.name).toLowerCase().trim()).replace(/\s+/gu, '\\s*')}${WORD_AFTER}`, 'u').test(line))
    .sort((a, b) => b.name.length - a.name.length);
}

function brandOf(line: TimedText, lines: readonly TimedText[], brands: readonly Brand[]): string | null {
  const named = NAMED.exec(normalise(line.text))?.[1];
  const fromNamed = named ? brandsIn(named, brands)[0] : undefined;
  if (fromNamed) return fromNamed.name;
  const onLine = brandsIn(line.text, brands)[0];
  if (onLine) return onLine.name;
  // A brand on screen while the disclosure is (the "#ad" in a corner, the product's name across the middle).
  for (const other of lines) {
    if (other === line || other.end < line.start || other.start > line.end) continue;
    const beside = brandsIn(other.text, brands)[0];
    if (beside) return beside.name;
  }
  return null;
}

/**
 * The first disclosure among the lines (by start), with the brand it names; when it names none, a later disclosure
 * that does lends the brand. null when nothing on screen discloses a sponsorship.
 */
export function findSponsorDisclosure(lines: readonly TimedText[], brands: readonly Brand[]): SponsorDisclosure | null {
  const disclosing = lines.filter((line) => isDisclosure(line.text)).sort((a, b) => a.start - b.start);
  const first = disclosing[0];
  if (!first) return null;
  let sponsoredBy = brandOf(first, lines, brands);
  for (const line of disclosing.slice(1)) {
    if (sponsoredBy !== null) break;
    sponsoredBy = brandOf(line, lines, brands);
  }
  return { sponsoredBy, second: first.start, phrase: first.text };
}
