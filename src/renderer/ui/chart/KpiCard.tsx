import { kpiChange, kpiChangeText } from '../../../shared/rules/kpiChange';
import { formatPercent } from '../../lib/format';

export interface KpiCardProps {
  label: string;
  value: number | null;
  previous: number | null;
  /** Writes a value for the reader (compact count, percentage, decimal). */
  format: (value: number) => string;
  /** Whether a rise is good news (views) or bad news (negative sentiment); colours the change. */
  higherIsBetter?: boolean;
}

const ARROWS = { up: '▲', down: '▼', flat: '■', new: '★', none: '' } as const;

/** One figure with its change against the previous period of the same length, said in words for screen readers. */
export function KpiCard({ label, value, previous, format, higherIsBetter = true }: KpiCardProps) {
  const change = kpiChange(value, previous);
  const previousLabel = previous === null ? '' : format(previous);
  // No figure now ("—"): there is no change to tell either.
  const sentence = value === null ? 'nothing to measure in this period' : kpiChangeText(change, previousLabel, formatPercent);
  const good = change.direction === 'flat' || change.direction === 'none' ? 'neutral' : (change.direction === 'up' || change.direction === 'new') === higherIsBetter ? 'good' : 'bad';
  return (
    <div className="kpi-card" role="group" aria-label={label}>
      <span className="kpi-card__label">{label}</span>
      <span className="kpi-card__value">{value === null ? '—' : format(value)}</span>
      <span className={`kpi-card__change kpi-card__change--${good}`}>
        <span aria-hidden="true">{ARROWS[change.direction]} </span>
        {change.ratio !== null && change.direction !== 'flat' ? formatPercent(Math.abs(change.ratio)) : sentence}
        <span className="visually-hidden">{change.ratio !== null && change.direction !== 'flat' ? `, ${sentence}` : ''}</span>
      </span>
    </div>
  );
}
