// No database: the audience means over plain rows of shares, against the compensated mean they must round as.
import { describe, expect, it } from 'vitest';
import { preciseMean } from './preciseSum';
import { codeShareRow, roundedShareMeans, SHARES_CODED, type ShareRows } from './shareMeans';

const WIDTH = 5;

function rowsOf(values: readonly number[]): ShareRows {
  const shares = Float64Array.from(values);
  const codes = new Uint16Array(shares.length);
  const states = Uint8Array.from({ length: shares.length / WIDTH }, (_, o) => codeShareRow(shares, codes, o * WIDTH, WIDTH));
  return { width: WIDTH, shares, codes, states };
}

/** What the summary must say: the compensated mean (SQLite's AVG), rounded to 3 decimals. */
function expected(rows: ShareRows, ordinals: readonly number[]): number[] {
  return Array.from({ length: WIDTH }, (_, field) => {
    const mean = preciseMean(rows.shares, ordinals, ordinals.length, WIDTH, field);
    return mean === null ? NaN : Math.round(mean * 1000) / 1000;
  });
}

/** A deterministic stream of numbers in [0, 1). */
function stream(seed: number): () => number {
  let state = seed;
  return () => ((state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32);
}

describe('roundedShareMeans: the audience of a match set from fixed-point codes', () => {
  it('rounds every bucket as the compensated mean of the stored shares, over any subset, with videos naming no share', () => {
    const random = stream(7);
    const videos = 400;
    // Videos name every bucket in thousandths (the summed codes), or none; a few name shares of other precision.
    const rows = rowsOf(Array.from({ length: videos }, (_, o) => {
      const none = random() < 0.1;
      const other = o % 97 === 5;
      return Array.from({ length: WIDTH }, () => (none ? NaN : other ? random() : Math.round(random() * 1000) / 1000));
    }).flat());
    expect(rows.states.filter((state) => state === SHARES_CODED).length).toBeGreaterThan(300);
    for (let trial = 0; trial < 200; trial++) {
      // Half the trials leave out the videos of other precision: those sums are integer ones.
      const ordinals = Array.from({ length: videos }, (_, o) => o).filter((o) => random() < 0.3 && (trial % 2 === 0 || o % 97 !== 5));
      expect([...roundedShareMeans(rows, ordinals, ordinals.length)], `trial ${trial}`).toEqual(expected(rows, ordinals));
    }
  });

  it('means lying on a rounding edge (0.123 and 0.124 average 0.1235) round as the compensated sum does', () => {
    const random = stream(11);
    for (let trial = 0; trial < 300; trial++) {
      const low = Math.floor(random() * 999) / 1000;
      const values = [...Array.from({ length: WIDTH }, () => low), ...Array.from({ length: WIDTH }, () => low + 0.001)];
      const rows = rowsOf(values);
      expect([...roundedShareMeans(rows, [0, 1], 2)], `${low}`).toEqual(expected(rows, [0, 1]));
    }
  });

  it('a video naming some buckets and not others, or a share outside 0–1, is answered the exact way', () => {
    const rows = rowsOf([1.5, NaN, 0.25, -0.125, 0.5, 0.75, NaN, 0.25, 0.5, 0.5]);
    expect([...roundedShareMeans(rows, [0, 1], 2)]).toEqual(expected(rows, [0, 1]));
    expect(roundedShareMeans(rows, [0, 1], 2)[0]).toBe(1.125);
    expect(Number.isNaN(roundedShareMeans(rows, [0, 1], 2)[1])).toBe(true);
  });
});
