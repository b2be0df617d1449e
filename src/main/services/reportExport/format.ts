/**
 * How report figures are written in the PDF: exact values in tables and KPI cards, compact ones on chart axes, and a
 * KPI's change against the comparison window. Fixed to en-US so a report reads the same on every machine.
 */
import type { ReportKpi, ValueFormat } from '../../../shared/reports/reportDocument';
import { PERCENT_DIGITS, reportValueWriter } from '../../../shared/reports/reportValueText';
import { kpiChange } from '../../../shared/rules/kpiChange';

// The screen's rule (shared/reports/reportValueText), fixed to en-US.
const writer = reportValueWriter('en-US');
const CHANGE = new Intl.NumberFormat('en-US', { minimumFractionDigits: PERCENT_DIGITS, maximumFractionDigits: PERCENT_DIGITS });

/** The exact value: 12,345 · 42.5 % · a day · text as it is; '—' for none, as on screen. */
export function formatValue(value: number | string | null, format: ValueFormat): string {
  return writer.text(value, format);
}

/** Chart axis and label values: counts as the screen writes them (1.2K / 3.4M, spec §9), percentages as in tables. */
export function axisValue(value: number, format: ValueFormat): string {
  return writer.compact(value, format);
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
    default: return { tone, arrow: change.direction === 'up' ? '▲' : '▼', text: `${CHANGE.format(Math.abs(change.ratio ?? 0) * 100)} % vs previous` };
  }
}
