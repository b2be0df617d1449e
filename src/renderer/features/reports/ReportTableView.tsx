import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { routeOfDeepLink } from '../../../shared/deepLinks';
import type { ReportTable } from '../../../shared/reports/reportDocument';
import { HighlightedText } from '../../ui/transcript';
import { formatValue } from './reportValues';

const PAGE_ROWS = 50;

/** A report table, 50 rows a page (`whole`: every row, for printing); a row that cites a video opens it at the cited second. */
export function ReportTableView({ table, whole = false }: { table: ReportTable; whole?: boolean }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const pageRows = whole ? Math.max(1, table.rows.length) : PAGE_ROWS;
  const pages = Math.max(1, Math.ceil(table.rows.length / pageRows));
  const shown = table.rows.slice(page * pageRows, (page + 1) * pageRows);
  const numeric = (format: string) => format === 'count' || format === 'percent' || format === 'rate';
  return (
    <section className="report-table" aria-label={table.title}>
      <h3 className="report-table__title">{table.title}</h3>
      {table.rows.length === 0 ? (
        <p className="report-empty">Nothing to list for this window.</p>
      ) : (
        <div className="home-table-scroll">
          <table className="home-table">
            <thead>
              <tr>{table.columns.map((column) => <th key={column.label} scope="col" className={numeric(column.format) ? 'home-table__number' : undefined}>{column.label}</th>)}</tr>
            </thead>
            <tbody>
              {shown.map((row, r) => {
                const link = table.links[page * pageRows + r] ?? null;
                const route = link ? routeOfDeepLink(link) : null;
                return (
                  <tr key={page * pageRows + r}>
                    {table.columns.map((column, c) => {
                      const text = formatValue(row[c] ?? null, column.format);
                      // The table's mark (a speech report's highlight) is shown where the quoted text says it, as in the PDF.
                      const shown = column.wrap && table.mark ? <HighlightedText text={text} query={table.mark} /> : text;
                      const cell = c === 0 && route ? <button type="button" className="link-button report-table__link" onClick={() => navigate(route)}><bdi>{shown}</bdi></button> : <bdi>{shown}</bdi>;
                      return c === 0 ? <th key={c} scope="row">{cell}</th> : <td key={c} className={numeric(column.format) ? 'home-table__number' : undefined}>{cell}</td>;
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="report-table__pager" aria-label={`${table.title} pages`}>
          <button type="button" className="btn btn--small" disabled={page === 0} onClick={() => setPage(page - 1)}>Previous</button>
          <span>Page {page + 1} of {pages}</span>
          <button type="button" className="btn btn--small" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>Next</button>
        </nav>
      )}
    </section>
  );
}
