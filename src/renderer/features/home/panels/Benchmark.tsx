import type { BenchmarkWidget, MaybeCompared } from '../../../../shared/http/home.schemas';
import { kpiChange } from '../../../../shared/rules/kpiChange';
import { formatCount, formatPercent } from '../../../lib/format';

const COLUMNS = [
  { key: 'share_of_voice', label: 'Share of voice', format: formatPercent },
  { key: 'share_of_views', label: 'Share of views', format: formatPercent },
  { key: 'views', label: 'Views', format: formatCount },
  { key: 'positive', label: 'Positive', format: formatPercent },
  { key: 'engagement_rate', label: 'Engagement rate', format: formatPercent },
] as const;

/** A figure and its change; a figure without data (sentiment of a brand with no transcribed video) is "—". */
function Cell({ figure, format }: { figure: MaybeCompared; format: (value: number) => string }) {
  const change = kpiChange(figure.current, figure.previous);
  return (
    <td className="home-table__number">
      {figure.current === null ? '—' : format(figure.current)}
      {change.ratio !== null && change.direction !== 'flat' && (
        <span className={`home-change home-change--${change.direction}`}>
          {' '}
          {change.ratio > 0 ? '▲' : '▼'} {formatPercent(Math.abs(change.ratio))}
        </span>
      )}
    </td>
  );
}

/** The brand and each competitor side by side over the period, with each figure's change. */
export function Benchmark({ body }: { body: BenchmarkWidget }) {
  return (
    <div className="home-table-scroll">
      <table className="home-table">
        <thead>
          <tr>
            <th scope="col">Brand</th>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col" className="home-table__number">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.brands.map((brand) => (
            <tr key={brand.id} className={brand.competitor ? undefined : 'home-table__own'}>
              <th scope="row">{brand.competitor ? brand.name : `${brand.name} (you)`}</th>
              {COLUMNS.map((column) => (
                <Cell key={column.key} figure={brand[column.key]} format={column.format} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
