/** A fraction 0..1, or null when the total is unknown (the bar is then indeterminate). */
export function fractionOf(done: number, total: number | null): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(1, Math.max(0, done / total));
}
