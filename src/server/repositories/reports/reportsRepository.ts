import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Report, ReportDefinition, ReportListTab } from '../../../shared/http/reports.schemas';
import { REPORT_KIND_METRICS, REPORT_LIST_TABS, ReportFiltersSchema, REPORT_METRICS } from '../../../shared/http/reports.schemas';
import { REPORT_TYPES } from '../../../shared/domain/workspace';
import { parse, strings } from '../../search/columnValues';

interface ReportRow {
  id: string; brand_id: string; user_id: string | null; type: string; title: string; filters: string; duration: string;
  start_date: string | null; end_date: string | null; comparison: string; compare_start_date: string | null; compare_end_date: string | null;
  metrics: string; graph_type: string; highlight: string; created_at: string; updated_at: string;
}

const COLUMNS = 'id, brand_id, user_id, type, title, filters, duration, start_date, end_date, comparison, compare_start_date, compare_end_date, metrics, graph_type, highlight, created_at, updated_at';

/** A stored row as the API answers it; a filters or metrics value written by an older version reads as its default. */
function toReport(row: ReportRow): Report {
  const filters = ReportFiltersSchema.safeParse(parse(row.filters) ?? {});
  const known = strings(parse(row.metrics)).filter((m): m is Report['metrics'][number] => (REPORT_METRICS as readonly string[]).includes(m));
  return {
    _id: row.id,
    brand_id: row.brand_id,
    user_id: row.user_id,
    type: row.type as Report['type'],
    title: row.title,
    filters: filters.success ? filters.data : ReportFiltersSchema.parse({}),
    duration: row.duration as Report['duration'],
    start_date: row.start_date,
    end_date: row.end_date,
    comparison: row.comparison as Report['comparison'],
    compare_start_date: row.compare_start_date,
    compare_end_date: row.compare_end_date,
    metrics: known.length > 0 || row.type !== 'custom' ? known : [...REPORT_KIND_METRICS.custom],
    graph_type: row.graph_type as Report['graph_type'],
    highlight: row.highlight,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Saved reports (issue 12): one brand's, listed newest change first; a report of another brand is not found. */
export function createReportsRepository(db: Database.Database) {
  const list = db.prepare(`SELECT ${COLUMNS} FROM reports WHERE brand_id = ? AND (? = '' OR type = ?) AND (? = '' OR instr(lower(title), lower(?)) > 0)
    ORDER BY updated_at DESC, id DESC`);
  const counts = db.prepare('SELECT type, COUNT(*) AS n FROM reports WHERE brand_id = ? GROUP BY type');
  const find = db.prepare(`SELECT ${COLUMNS} FROM reports WHERE id = ? AND brand_id = ?`);
  const insert = db.prepare(`INSERT INTO reports (${COLUMNS}) VALUES (@id, @brand_id, @user_id, @type, @title, @filters, @duration, @start_date, @end_date,
    @comparison, @compare_start_date, @compare_end_date, @metrics, @graph_type, @highlight, @created_at, @updated_at)`);
  const update = db.prepare(`UPDATE reports SET title = @title, filters = @filters, duration = @duration, start_date = @start_date, end_date = @end_date,
    comparison = @comparison, compare_start_date = @compare_start_date, compare_end_date = @compare_end_date, metrics = @metrics,
    graph_type = @graph_type, highlight = @highlight, updated_at = @updated_at WHERE id = @id AND brand_id = @brand_id`);
  const remove = db.prepare('DELETE FROM reports WHERE id = ? AND brand_id = ?');

  const columnsOf = (definition: ReportDefinition) => ({
    type: definition.type,
    title: definition.title,
    filters: JSON.stringify(definition.filters),
    duration: definition.duration,
    start_date: definition.duration === 'custom' ? definition.start_date : null,
    end_date: definition.duration === 'custom' ? definition.end_date : null,
    comparison: definition.comparison,
    compare_start_date: definition.comparison === 'custom' ? definition.compare_start_date : null,
    compare_end_date: definition.comparison === 'custom' ? definition.compare_end_date : null,
    metrics: JSON.stringify(definition.type === 'custom' ? definition.metrics : []),
    graph_type: definition.graph_type,
    highlight: definition.type === 'speech' ? definition.highlight : '',
  });

  const repository = {
    list(brandId: string, tab: ReportListTab, search: string): Report[] {
      const type = tab === 'All Reports' ? '' : tab;
      return (list.all(brandId, type, type, search, search) as ReportRow[]).map(toReport);
    },
    counts(brandId: string): Record<ReportListTab, number> {
      const out = Object.fromEntries(REPORT_LIST_TABS.map((tab) => [tab, 0])) as Record<ReportListTab, number>;
      for (const row of counts.all(brandId) as { type: string; n: number }[]) {
        if ((REPORT_TYPES as readonly string[]).includes(row.type)) out[row.type as ReportListTab] = row.n;
        out['All Reports'] += row.n;
      }
      return out;
    },
    find(id: string, brandId: string): Report | null {
      const row = find.get(id, brandId) as ReportRow | undefined;
      return row ? toReport(row) : null;
    },
    create(brandId: string, userId: string, definition: ReportDefinition, at: string): Report {
      const id = randomBytes(12).toString('hex');
      insert.run({ id, brand_id: brandId, user_id: userId, ...columnsOf(definition), created_at: at, updated_at: at });
      return repository.find(id, brandId) as Report;
    },
    /** Writes the whole definition; null when the report is not the brand's. */
    update(id: string, brandId: string, definition: ReportDefinition, at: string): Report | null {
      const changed = update.run({ id, brand_id: brandId, ...columnsOf(definition), updated_at: at }).changes;
      return changed === 0 ? null : repository.find(id, brandId);
    },
    remove(id: string, brandId: string): boolean {
      return remove.run(id, brandId).changes > 0;
    },
  };
  return repository;
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
