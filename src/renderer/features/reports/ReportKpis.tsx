import type { ReportKpi } from '../../../shared/reports/reportDocument';
import { KpiCard } from '../../ui/chart';
import { formatValue } from './reportValues';

/** The report's headline figures, each against the comparison window. */
export function ReportKpis({ kpis }: { kpis: readonly ReportKpi[] }) {
  if (kpis.length === 0) return null;
  return (
    <div className="home-kpis">
      {kpis.map((kpi) => (
        <KpiCard key={kpi.label} label={kpi.label} value={kpi.current} previous={kpi.previous} format={(value) => formatValue(value, kpi.format, kpi.format === 'count')} higherIsBetter={kpi.better === 'higher'} />
      ))}
    </div>
  );
}
