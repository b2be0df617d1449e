/** How a figure moved against the same figure of the previous window of the same length. */
export interface KpiChange {
  direction: 'up' | 'down' | 'flat' | 'new' | 'none';
  /** The relative change (0.12 = +12 %); null when there is no previous figure to compare with. */
  ratio: number | null;
}

/** Changes smaller than this read as unchanged (rounding noise of averages). */
const FLAT = 0.0005;

/**
 * The change of `current` against `previous`: a relative change when the previous figure is a number other than
 * zero; "new" when something appears where there was nothing; "none" when there is nothing to compare.
 */
export function kpiChange(current: number | null, previous: number | null): KpiChange {
  if (current === null || previous === null || !Number.isFinite(current) || !Number.isFinite(previous)) return { direction: 'none', ratio: null };
  if (previous === 0) return current === 0 ? { direction: 'flat', ratio: 0 } : { direction: 'new', ratio: null };
  const ratio = (current - previous) / Math.abs(previous);
  if (Math.abs(ratio) < FLAT) return { direction: 'flat', ratio: 0 };
  return { direction: ratio > 0 ? 'up' : 'down', ratio };
}

/** The change as a reader says it: "up 12.5 % from 1.2K", "down 3 % from 0.61", "new", "no change". */
export function kpiChangeText(change: KpiChange, previousLabel: string, percent: (ratio: number) => string): string {
  switch (change.direction) {
    case 'up':
    case 'down':
      return `${change.direction} ${percent(Math.abs(change.ratio ?? 0))} from ${previousLabel}`;
    case 'flat':
      return `no change from ${previousLabel}`;
    case 'new':
      return `new (none in the previous period)`;
    case 'none':
      return 'no previous period to compare';
  }
}
