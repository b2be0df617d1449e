/**
 * The values the list index's columns are made of: dictionaries of codes, the demographic buckets a filter can name
 * and the shares per bucket, ASCII folding for search, and the tolerant JSON reading of a video row.
 */
import { AGE_RANGES, ETHNICITIES, GENDERS } from '../../shared/constants';
import { DEMOGRAPHIC_FILTER_MIN_SHARE } from '../../shared/http/videos.schemas';

/** Interns strings as small integer codes (a column's dictionary); -1 stands for NULL. */
export class Dictionary {
  private readonly codes = new Map<string, number>();

  /** The code of a value, adding it when new; -1 for null. */
  intern(value: string | null): number {
    if (value === null) return -1;
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size;
      this.codes.set(value, code);
    }
    return code;
  }

  /** The code of a known value, or undefined. */
  find(value: string): number | undefined {
    return this.codes.get(value);
  }

  /** Codes handed out so far. */
  get size(): number {
    return this.codes.size;
  }

  /** The values in code order (the search snapshot). */
  values(): string[] {
    return [...this.codes.keys()];
  }

  /** A dictionary from `values()`. */
  static of(values: readonly string[]): Dictionary {
    const dictionary = new Dictionary();
    for (const value of values) dictionary.intern(value);
    return dictionary;
  }
}

/** The buckets a demographic filter can name, per family; a bucket's bit is its position here. */
export const DEMOGRAPHIC_BUCKETS = { age_range: AGE_RANGES, ethnicity: ETHNICITIES, gender: GENDERS } as const;
export type DemographicFamily = keyof typeof DEMOGRAPHIC_BUCKETS;
/** Every bucket of every family, in DEMOGRAPHIC_BUCKETS order: the width of a video's row of audience shares. */
export const SHARE_WIDTH = Object.values(DEMOGRAPHIC_BUCKETS).reduce((width, buckets) => width + buckets.length, 0);
/** Where a family's first bucket sits in a video's row of shares. */
export const SHARE_OFFSET = {} as Record<DemographicFamily, number>;
{
  let at = 0;
  for (const family of Object.keys(DEMOGRAPHIC_BUCKETS) as DemographicFamily[]) {
    SHARE_OFFSET[family] = at;
    at += DEMOGRAPHIC_BUCKETS[family].length;
  }
}

/**
 * Per family, a bit per bucket whose share reaches DEMOGRAPHIC_FILTER_MIN_SHARE (non-numbers never do): all the
 * filter asks of a video's demographics, in three numbers instead of a tree of objects per video.
 */
export function demographicMasks(shares: DemographicShares): Record<DemographicFamily, number> {
  const masks = { age_range: 0, ethnicity: 0, gender: 0 };
  for (const family of Object.keys(DEMOGRAPHIC_BUCKETS) as DemographicFamily[]) {
    shares[family].forEach((share, bit) => {
      if (share >= DEMOGRAPHIC_FILTER_MIN_SHARE) masks[family] |= 1 << bit;
    });
  }
  return masks;
}

/** Per family, the share of each bucket in DEMOGRAPHIC_BUCKETS order; NaN where the video names none (or no number). */
export type DemographicShares = Record<DemographicFamily, number[]>;

export function demographicShares(json: string): DemographicShares {
  const shares = record(parse(json));
  const of = (family: DemographicFamily): number[] => {
    const ofFamily = record(shares[family]);
    return DEMOGRAPHIC_BUCKETS[family].map((bucket) => {
      const share = ofFamily[bucket];
      return typeof share === 'number' ? share : NaN;
    });
  };
  return { age_range: of('age_range'), ethnicity: of('ethnicity'), gender: of('gender') };
}

/** Lowercases ASCII letters only, as SQLite's LIKE compares (other characters stay as they are). */
export function foldAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** JSON of a column, or null when it is not JSON. */
export function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The strings of a JSON array (other items dropped). */
export const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
/** A JSON object's entries (anything else reads as empty). */
export const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** A number column's value, null where it has none (NaN). */
export const numberOrNull = (value: number | undefined): number | null => (value === undefined || value !== value ? null : value);
