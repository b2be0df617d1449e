/** Kahan–Babuška–Neumaier sum (as SQLite's SUM/AVG), so averages round as the SQL ones do. */
export class PreciseSum {
  private sum = 0;
  private compensation = 0;
  add(value: number): void {
    const total = this.sum + value;
    this.compensation += Math.abs(this.sum) >= Math.abs(value) ? this.sum - total + value : value - total + this.sum;
    this.sum = total;
  }
  get value(): number {
    return this.sum + this.compensation;
  }
}

/**
 * The mean of a column over the first `count` of some ordinals, skipping those without a value (NaN), added as
 * SQLite's AVG adds; null when none has one.
 */
export function preciseMean(values: Float64Array, ordinals: ArrayLike<number>, count = ordinals.length): number | null {
  const sum = new PreciseSum();
  let counted = 0;
  for (let i = 0; i < count; i++) {
    const value = values[ordinals[i] ?? 0] ?? NaN;
    if (value !== value) continue;
    sum.add(value);
    counted += 1;
  }
  return counted === 0 ? null : sum.value / counted;
}
