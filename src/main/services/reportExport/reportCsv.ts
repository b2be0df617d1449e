/**
 * Report CSV (issue 12): the numbers behind the PDF for a spreadsheet. The title and lines, then blocks separated by
 * a blank row: the KPIs, and per section its title, a header and its rows (a chart's raw series values by category,
 * a table's cells with their links). Numbers stay numbers a spreadsheet can sum, rounded as the screen rounds them
 * (shared/reports/reportValueText): shares and rates as percentages (42.5, the header saying "(%)"), days as ISO days.
 */
import type { ReportChart, ReportDocument, ReportKpi, ReportTable, ValueFormat } from '../../../shared/reports/reportDocument';
import { countNumber, dayText, percentNumber } from '../../../shared/reports/reportValueText';
import { csvField } from '../transcriptExport/textWriters';

const BOM = '\uFEFF';

type Value = string | number | null | undefined;

/** Text goes through the quoting and formula guard; a number is written plain (a minus sign is no formula). */
function cell(value: Value): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return csvField(value);
}

const record = (values: readonly Value[]) => values.map(cell).join(',');

const isPercent = (format: ValueFormat) => format === 'percent' || format === 'rate';

/** A figure as the screen rounds it: a percentage number for a share, an ISO day for a date. */
function figure(value: Value, format: ValueFormat): Value {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  if (isPercent(format)) return percentNumber(value);
  if (format === 'date') return dayText(value);
  return format === 'count' ? countNumber(value) : value;
}

/** A header naming its unit where the figures are percentages. */
const labelled = (label: string, format: ValueFormat) => (isPercent(format) ? `${label} (%)` : label);

/** The relative change against the comparison window as a percentage (12.3 for +12.3 %); empty without a comparison or from zero. */
function change(kpi: ReportKpi): number | null {
  return kpi.current === null || kpi.previous === null || kpi.previous === 0 ? null : percentNumber((kpi.current - kpi.previous) / Math.abs(kpi.previous));
}

function kpiBlock(kpis: readonly ReportKpi[]): string[] {
  const rows = kpis.map((kpi) => record([labelled(kpi.label, kpi.format), figure(kpi.current, kpi.format), figure(kpi.previous, kpi.format), change(kpi)]));
  return ['KPIs', 'Metric,Current,Previous,Change (%)', ...rows];
}

function chartBlock(chart: ReportChart): string[] {
  const rows = chart.categories.map((category, index) => record([category, ...chart.series.map((series) => figure(series.values[index], chart.format))]));
  return [record([chart.title]), record(['Category', ...chart.series.map((series) => labelled(series.name, chart.format))]), ...rows];
}

function tableBlock(table: ReportTable): string[] {
  const linked = table.links.some((link) => link !== null);
  const width = table.columns.length;
  const rows = table.rows.map((row, index) => {
    const cells: Value[] = Array.from({ length: width }, (_, column) => figure(row[column], table.columns[column]!.format));
    return record(linked ? [...cells, table.links[index]] : cells);
  });
  const header = table.columns.map((column) => labelled(column.label, column.format));
  return [record([table.title]), record(linked ? [...header, 'Link'] : header), ...rows];
}

/** The report as RFC 4180 CSV (CRLF line ends), starting with a UTF-8 BOM so spreadsheets read it as UTF-8. */
export function reportCsv(doc: ReportDocument): string {
  const blocks: string[][] = [[record([doc.title]), ...doc.lines.map((line) => record([line]))], kpiBlock(doc.kpis)];
  for (const section of doc.sections) blocks.push(section.kind === 'chart' ? chartBlock(section) : tableBlock(section));
  return `${BOM}${blocks.map((block) => block.join('\r\n')).join('\r\n\r\n')}\r\n`;
}
