import type { Dictionary } from './columnValues';

/** Counts by dictionary code as counts by the value the code stands for. */
export function namedCounts(counts: Map<number, number>, dictionary: Dictionary): Map<string, number> {
  const values = dictionary.values();
  return new Map([...counts].map(([code, count]) => [values[code] ?? '', count]));
}

/**
 * How many of `members` carry each value of a one-value-per-video column (a filter option's count). A count per code
 * in a typed array: a tab at 100k holds tens of thousands of videos, so no map write per video.
 */
export function countSingleCodes(codes: ArrayLike<number>, members: ArrayLike<number>, dictionary: Dictionary): Map<string, number> {
  const perCode = new Int32Array(dictionary.size);
  for (let m = 0; m < members.length; m++) {
    const code = codes[members[m] ?? 0] ?? -1;
    if (code >= 0) perCode[code] = (perCode[code] ?? 0) + 1;
  }
  const counts = new Map<number, number>();
  perCode.forEach((count, code) => {
    if (count > 0) counts.set(code, count);
  });
  return namedCounts(counts, dictionary);
}
