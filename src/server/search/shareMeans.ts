import { preciseMean } from './preciseSum';

/**
 * The list's audience summary: per demographic bucket, the mean share over the matching videos, rounded to 3 decimals
 * exactly as the compensated mean of the stored shares rounds (SQLite's AVG, preciseSum.ts). Shares are kept in
 * thousandths as the analysis and the seed write them (0.246), so a video whose every share is such a number is also
 * kept as 16-bit codes, and a match set of such videos is summed as integers: the exact mean in thousandths is
 * total / count, which rounds as the compensated one unless it lies exactly on a rounding edge (then that bucket is
 * summed the compensated way). A match set holding any other video (a share of another precision, out of 0–1, or some
 * buckets named and others not) is summed the compensated way. At 100k videos the compensated sums of a common word's
 * 26,000 matches took about 2 ms of a 6 ms search.
 */

/** The code of a share that is not a whole number of thousandths in 0–1 (or none). */
const NO_CODE = 65_535;
/** A video without any share (skipped by every mean), with every share coded, or any other. */
export const SHARES_NONE = 0;
export const SHARES_CODED = 1;
const SHARES_OTHER = 2;
/** Integer totals of thousandths stay below 2^31 up to this many matches. */
const MAX_CODED_MATCHES = 2_000_000;

/** A share in thousandths (0–1000), or NO_CODE. */
function shareCode(share: number): number {
  const thousandths = Math.round(share * 1000);
  return share >= 0 && share <= 1 && thousandths / 1000 === share ? thousandths : NO_CODE;
}

/** One video's row of shares (`width` from `at`) coded into `codes`; answers its state (SHARES_NONE, _CODED or _OTHER). */
export function codeShareRow(shares: Float64Array, codes: Uint16Array, at: number, width: number): number {
  let named = 0;
  let coded = 0;
  for (let s = at; s < at + width; s++) {
    const share = shares[s] ?? NaN;
    const code = share === share ? shareCode(share) : NO_CODE;
    codes[s] = code === NO_CODE ? 0 : code;
    if (share === share) named += 1;
    if (code !== NO_CODE) coded += 1;
  }
  return named === 0 ? SHARES_NONE : coded === width ? SHARES_CODED : SHARES_OTHER;
}

/** What the means are read from: rows `width` wide per ordinal, the shares, their codes and each video's state. */
export interface ShareRows {
  width: number;
  shares: Float64Array;
  codes: Uint16Array;
  states: Uint8Array;
}

/**
 * Per bucket, Math.round(mean × 1000) / 1000 of the first `count` ordinals' shares (NaN: none of them has one), the
 * mean being the compensated one (preciseMean's).
 */
export function roundedShareMeans(rows: ShareRows, ordinals: ArrayLike<number>, count: number): Float64Array {
  const { width, codes, states } = rows;
  const totals = new Int32Array(width);
  let coded = 0;
  let other = count > MAX_CODED_MATCHES;
  for (let i = 0; i < count && !other; i++) {
    const o = ordinals[i] ?? 0;
    const state = states[o];
    if (state === SHARES_CODED) {
      coded += 1;
      const base = o * width;
      for (let s = 0; s < width; s++) totals[s] = (totals[s] ?? 0) + (codes[base + s] ?? 0);
    } else if (state !== SHARES_NONE) {
      other = true;
    }
  }
  const means = new Float64Array(width);
  for (let s = 0; s < width; s++) {
    const total = totals[s] ?? 0;
    // total / coded is the exact mean in thousandths; on an edge (x.5) the compensated sum's last bit decides.
    const onEdge = coded > 0 && (2 * total) % (2 * coded) === coded;
    if (other || onEdge) {
      const mean = preciseMean(rows.shares, ordinals, count, width, s);
      means[s] = mean === null ? NaN : Math.round(mean * 1000) / 1000;
    } else {
      means[s] = coded === 0 ? NaN : Math.round(total / coded) / 1000;
    }
  }
  return means;
}
