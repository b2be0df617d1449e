import type { ReportDocument } from '../../../shared/reports/reportDocument';
import { ReportChartView } from './ReportChartView';
import { ReportKpis } from './ReportKpis';
import { ReportTableView } from './ReportTableView';

/** 'all': every section at once, tables whole (the print view, `?view=all`). */
export type ReportTab = 'overview' | 'charts' | 'tables' | 'all';

/**
 * A report document on screen: the overview holds the headline figures and the first two charts; the other tabs hold
 * every chart or every table. The PDF prints the same document.
 */
export function ReportDocumentView({ document, tab }: { document: ReportDocument; tab: ReportTab }) {
  const charts = document.sections.flatMap((section) => (section.kind === 'chart' ? [section] : []));
  const tables = document.sections.flatMap((section) => (section.kind === 'table' ? [section] : []));
  if (tab === 'all') {
    return (
      <div className="report-stack">
        <ReportKpis kpis={document.kpis} />
        <div className="report-charts">{charts.map((chart) => <ReportChartView key={chart.id} chart={chart} />)}</div>
        {tables.map((table) => <ReportTableView key={table.id} table={table} whole />)}
      </div>
    );
  }
  if (tab === 'tables') {
    return tables.length === 0 ? <p className="report-empty">This report has no table.</p> : <div className="report-stack">{tables.map((table) => <ReportTableView key={table.id} table={table} />)}</div>;
  }
  const shown = tab === 'overview' ? charts.slice(0, 2) : charts;
  return (
    <div className="report-stack">
      {tab === 'overview' && <ReportKpis kpis={document.kpis} />}
      {shown.length > 0 ? (
        <div className="report-charts">{shown.map((chart) => <ReportChartView key={chart.id} chart={chart} />)}</div>
      ) : (
        tab === 'charts' && <p className="report-empty">This report has no chart.</p>
      )}
      {tab === 'overview' && tables[0] && <ReportTableView table={tables[0]} />}
    </div>
  );
}
