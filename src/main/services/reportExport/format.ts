/**
 * How report figures are written in the PDF: exact values in tables and KPI cards, compact ones on chart axes, and a
 * KPI's change against the comparison window. Fixed to en-US so a report reads the same on every machine.
 */
import type { ReportKpi, ValueFormat } from '../../../shared/reports/reportDocument';
import { formatCount } from '../../../shared/rules/formatting';
import { kpiChange } from '../../../shared/rules/kpiChange';

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
      // Whole non-negative counts (nearly all) grouped by hand: Intl is slow enough to show in a 500-row table.
      return Number.isSafeInteger(value) && value >= 0 ? String(value).replace(/\B(?=(\d{3})+$)/g, ',') : GROUPED.format(value);
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

/** Chart axis and label values: counts as the screen writes them (1.2K / 3.4M, spec §9), shares without trailing zeros (20 %, 4.25 %). */
// Made once: ECharts asks for an axis label many times a chart, and a formatter is costly to build.
const AXIS_PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const AXIS_RATE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function axisValue(value: number, format: ValueFormat): string {
  if (format === 'percent' || format === 'rate') return `${(format === 'rate' ? AXIS_RATE : AXIS_PERCENT).format(value * 100)} %`;
  return format === 'count' ? formatCount(value) : formatValue(value, format);
}

export type Tone = 'good' | 'bad' | 'neutral';

export interface KpiChangeLine {
  /** Good or bad news, by whether a rise of this figure is (negative sentiment falling is good). */
  tone: Tone;
  /** ▲ / ▼ before the text, or '' (drawn in a font that has the triangles). */
  arrow: string;
  text: string;
}

/** The shared rule's change (shared/rules/kpiChange, as the screen's KPI cards) as the PDF writes it. */
export function kpiChangeLine(kpi: ReportKpi): KpiChangeLine {
  const change = kpiChange(kpi.current, kpi.previous);
  const rising = change.direction === 'up' || change.direction === 'new';
  const tone: Tone = change.direction === 'flat' || change.direction === 'none' ? 'neutral' : rising === (kpi.better === 'higher') ? 'good' : 'bad';
  switch (change.direction) {
    case 'none': return { tone, arrow: '', text: 'no comparison' };
    case 'flat': return { tone, arrow: '', text: 'no change vs previous' };
    case 'new': return { tone, arrow: '', text: 'new' };
    default: return { tone, arrow: change.direction === 'up' ? '▲' : '▼', text: `${ONE_DECIMAL.format(Math.abs(change.ratio ?? 0) * 100)} % vs previous` };
  }
}
