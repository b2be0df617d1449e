/**
 * Report CSV (issue 12): the numbers behind the PDF for a spreadsheet. The title and lines, then blocks separated by
 * a blank row: the KPIs, and per section its title, a header and its rows (a chart's raw series values by category,
 * a table's cells with their links). Numbers are written as JavaScript writes them (0.425, 12345), unformatted.
 */
import type { ReportChart, ReportDocument, ReportKpi, ReportTable } from '../../../shared/reports/reportDocument';
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

/** The relative change against the comparison window (0.123 for +12.3 %); empty without a comparison or from zero. */
function change(kpi: ReportKpi): number | null {
  return kpi.current === null || kpi.previous === null || kpi.previous === 0 ? null : (kpi.current - kpi.previous) / Math.abs(kpi.previous);
}

function kpiBlock(kpis: readonly ReportKpi[]): string[] {
  return ['KPIs', 'Metric,Current,Previous,Change', ...kpis.map((kpi) => record([kpi.label, kpi.current, kpi.previous, change(kpi)]))];
}

function chartBlock(chart: ReportChart): string[] {
  const rows = chart.categories.map((category, index) => record([category, ...chart.series.map((series) => series.values[index])]));
  return [record([chart.title]), record(['Category', ...chart.series.map((series) => series.name)]), ...rows];
}

function tableBlock(table: ReportTable): string[] {
  const linked = table.links.some((link) => link !== null);
  const width = table.columns.length;
  const rows = table.rows.map((row, index) => {
    const cells: Value[] = Array.from({ length: width }, (_, column) => row[column]);
    return record(linked ? [...cells, table.links[index]] : cells);
  });
  const header = table.columns.map((column) => column.label);
  return [record([table.title]), record(linked ? [...header, 'Link'] : header), ...rows];
}

/** The report as RFC 4180 CSV (CRLF line ends), starting with a UTF-8 BOM so spreadsheets read it as UTF-8. */
export function reportCsv(doc: ReportDocument): string {
  const blocks: string[][] = [[record([doc.title]), ...doc.lines.map((line) => record([line]))], kpiBlock(doc.kpis)];
  for (const section of doc.sections) blocks.push(section.kind === 'chart' ? chartBlock(section) : tableBlock(section));
  return `${BOM}${blocks.map((block) => block.join('\r\n')).join('\r\n\r\n')}\r\n`;
}
