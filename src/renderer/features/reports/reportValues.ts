import type { ValueFormat } from '../../../shared/reports/reportDocument';
import { formatCount, formatNumber, formatPercent } from '../../lib/format';

/** A document value as the screen writes it: counts compact on axes and exact in tables, shares as percentages. */
export function formatValue(value: number | string | null, format: ValueFormat, compact = false): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  switch (format) {
    case 'count': return compact ? formatCount(value) : formatNumber(value);
    case 'percent':
    case 'rate': return formatPercent(value);
    default: return String(value);
  }
}
