import type { ValueFormat } from '../../../shared/reports/reportDocument';
import { reportValueWriter } from '../../../shared/reports/reportValueText';

// The reader's locale; the PDF and CSV write the same rounding (shared/reports/reportValueText).
const writer = reportValueWriter(undefined);

/** A document value as the screen writes it: counts compact on axes and exact in tables, shares as percentages. */
export function formatValue(value: number | string | null, format: ValueFormat, compact = false): string {
  return compact ? writer.compact(value, format) : writer.text(value, format);
}
