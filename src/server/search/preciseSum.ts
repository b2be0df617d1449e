/**
 * Kahan–Babuška–Neumaier sums (as SQLite's SUM/AVG, so averages round as the SQL ones do), many side by side: a row
 * of figures per day, bucket or window.
 */
export class PreciseSums {
  private readonly sums: Float64Array;
  private readonly compensations: Float64Array;
  constructor(size: number) {
    this.sums = new Float64Array(size);
    this.compensations = new Float64Array(size);
  }
  add(at: number, value: number): void {
    const sum = this.sums[at] ?? 0;
    const total = sum + value;
    this.compensations[at] = (this.compensations[at] ?? 0) + lostIn(sum, value, total);
    this.sums[at] = total;
  }
  value(at: number): number {
    return (this.sums[at] ?? 0) + (this.compensations[at] ?? 0);
  }
}

/** One such sum, in plain fields (it runs per matching video of a list query). */
export class PreciseSum {
  private sum = 0;
  private compensation = 0;
  add(value: number): void {
    const total = this.sum + value;
    this.compensation += lostIn(this.sum, value, total);
    this.sum = total;
  }
  get value(): number {
    return this.sum + this.compensation;
  }
}

/** What rounding lost when `sum + value` gave `total` (the Neumaier step). */
function lostIn(sum: number, value: number, total: number): number {
  return Math.abs(sum) >= Math.abs(value) ? sum - total + value : value - total + sum;
}

/**
 * The mean of a column over the first `count` of some ordinals, skipping those without a value (NaN), added as
 * SQLite's AVG adds; null when none has one. `values` may hold rows `stride` wide, the column at `field` of each.
 */
export function preciseMean(values: Float64Array, ordinals: ArrayLike<number>, count = ordinals.length, stride = 1, field = 0): number | null {
  // PreciseSum's step in local variables: this runs per matching video for every audience bucket of a list query.
  let sum = 0;
  let compensation = 0;
  let counted = 0;
  for (let i = 0; i < count; i++) {
    const value = values[(ordinals[i] ?? 0) * stride + field] ?? NaN;
    if (value !== value) continue;
    const total = sum + value;
    compensation += Math.abs(sum) >= Math.abs(value) ? sum - total + value : value - total + sum;
    sum = total;
    counted += 1;
  }
  return counted === 0 ? null : (sum + compensation) / counted;
}
