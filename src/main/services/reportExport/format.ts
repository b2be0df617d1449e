/**
 * How report figures are written in the PDF: exact values in tables and KPI cards, compact ones on chart axes, and a
 * KPI's change against the comparison window. Fixed to en-US so a report reads the same on every machine.
 */
import type { ReportKpi, ValueFormat } from '../../../shared/reports/reportDocument';

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const SHORT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A date figure is epoch milliseconds; written as the calendar day (UTC) it falls on. */
function dateOf(value: number): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().slice(0, 10);
}

/** The exact value: 12,345 · 42.5 % (a share 0–1) · 4.25 % (a rate, finer) · text and dates as they are. */
export function formatValue(value: number | string | null, format: ValueFormat): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return '';
  switch (format) {
    case 'count':
      return GROUPED.format(value);
    case 'percent':
      return `${ONE_DECIMAL.format(value * 100)} %`;
    case 'rate':
      return `${TWO_DECIMALS.format(value * 100)} %`;
    case 'date':
      return dateOf(value);
    case 'text':
      return String(value);
  }
}

/** Chart axis and label values: counts as 1.2K / 3.4M, shares without trailing zeros (20 %, 4.25 %). */
export function axisValue(value: number, format: ValueFormat): string {
  if (format === 'percent' || format === 'rate') return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: format === 'rate' ? 2 : 1 }).format(value * 100)} %`;
  if (format !== 'count') return formatValue(value, format);
  const size = Math.abs(value);
  if (size >= 1e9) return `${SHORT.format(value / 1e9)}B`;
  if (size >= 1e6) return `${SHORT.format(value / 1e6)}M`;
  if (size >= 1e3) return `${SHORT.format(value / 1e3)}K`;
  return SHORT.format(value);
}

export type Trend = 'up' | 'down' | 'flat' | 'none';

export interface KpiChange {
  trend: Trend;
  /** ▲ / ▼ before the text, or '' (drawn in a font that has the triangles). */
  arrow: string;
  text: string;
}

/** The relative change against the comparison window: "▲ 12.3 % vs previous", "new" from zero, "no comparison". */
export function kpiChange(kpi: ReportKpi): KpiChange {
  const { current, previous } = kpi;
  if (previous === null || !Number.isFinite(previous)) return { trend: 'none', arrow: '', text: 'no comparison' };
  if (previous === 0) return current === 0 ? { trend: 'flat', arrow: '', text: 'no change vs previous' } : { trend: 'up', arrow: '', text: 'new' };
  const change = (current - previous) / Math.abs(previous);
  const shown = ONE_DECIMAL.format(Math.abs(change) * 100);
  if (shown === '0.0') return { trend: 'flat', arrow: '', text: 'no change vs previous' };
  return change > 0 ? { trend: 'up', arrow: '▲', text: `${shown} % vs previous` } : { trend: 'down', arrow: '▼', text: `${shown} % vs previous` };
}
