import { randomBytes } from 'node:crypto';
import type { Report, ReportDefinition, ReportListTab } from '../../../shared/http/reports.schemas';
import { REPORT_KIND_METRICS, REPORT_LIST_TABS, ReportFiltersSchema, REPORT_METRICS } from '../../../shared/http/reports.schemas';
import { REPORT_TYPES } from '../../../shared/domain/workspace';
import { parse, strings } from '../../search/columnValues';
import type { SqlClient } from '../../db/sqlClient';
import { PERSON_NAME, personOf } from '../team/authorship';

interface ReportRow {
  id: string; brand_id: string; user_id: string | null; type: string; title: string; filters: string; duration: string;
  start_date: string | null; end_date: string | null; comparison: string; compare_start_date: string | null; compare_end_date: string | null;
  metrics: string; graph_type: string; highlight: string; created_at: string; updated_at: string;
  updated_by: string | null; owner_name: string | null; editor_name: string | null;
}

const COLUMNS = 'id, brand_id, user_id, type, title, filters, duration, start_date, end_date, comparison, compare_start_date, compare_end_date, metrics, graph_type, highlight, created_at, updated_at';

/**
 * The columns of a report with its owner's and last editor's names (issue 29), for `FROM reports r` and the two joins:
 * a report is the team's, and the list shows who made it and who changed it last.
 */
const SELECT_REPORT = `SELECT ${COLUMNS.split(', ').map((column) => `r.${column}`).join(', ')}, r.updated_by,
  ${PERSON_NAME('o')} AS owner_name, ${PERSON_NAME('e')} AS editor_name
  FROM reports r LEFT JOIN users o ON o.id = r.user_id LEFT JOIN users e ON e.id = r.updated_by`;

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
    owner: personOf(row.user_id, row.owner_name),
    updated_by: personOf(row.updated_by, row.editor_name),
  };
}

/**
 * Saved reports (issue 12): one brand's, listed newest change first; a report of another brand is not found. On either
 * engine (`sql`), one text for both but the title search: a plain substring test folded in ASCII on both (PostgreSQL
 * has strpos where SQLite has instr).
 */
export function createReportsRepository(sql: SqlClient) {
  const contains = sql.engine === 'postgres' ? 'strpos(lower(r.title), lower(?)) > 0' : 'instr(lower(r.title), lower(?)) > 0';
  const find = (id: string, brandId: string) => sql.get<ReportRow>(`${SELECT_REPORT} WHERE r.id = ? AND r.brand_id = ?`, [id, brandId]);

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
    async list(brandId: string, tab: ReportListTab, search: string): Promise<Report[]> {
      const type = tab === 'All Reports' ? '' : tab;
      const rows = await sql.all<ReportRow>(`${SELECT_REPORT} WHERE r.brand_id = ? AND (? = '' OR r.type = ?) AND (? = '' OR ${contains})
        ORDER BY r.updated_at DESC, r.id DESC`, [brandId, type, type, search, search]);
      return rows.map(toReport);
    },
    async counts(brandId: string): Promise<Record<ReportListTab, number>> {
      const out = Object.fromEntries(REPORT_LIST_TABS.map((tab) => [tab, 0])) as Record<ReportListTab, number>;
      for (const row of await sql.all<{ type: string; n: number }>('SELECT type, COUNT(*) AS n FROM reports WHERE brand_id = ? GROUP BY type', [brandId])) {
        if ((REPORT_TYPES as readonly string[]).includes(row.type)) out[row.type as ReportListTab] = row.n;
        out['All Reports'] += row.n;
      }
      return out;
    },
    async find(id: string, brandId: string): Promise<Report | null> {
      const row = await find(id, brandId);
      return row ? toReport(row) : null;
    },
    async create(brandId: string, userId: string, definition: ReportDefinition, at: string): Promise<Report> {
      const id = randomBytes(12).toString('hex');
      const c = columnsOf(definition);
      await sql.run(`INSERT INTO reports (${COLUMNS}, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
        id, brandId, userId, c.type, c.title, c.filters, c.duration, c.start_date, c.end_date, c.comparison, c.compare_start_date,
        c.compare_end_date, c.metrics, c.graph_type, c.highlight, at, at, userId,
      ]);
      return (await repository.find(id, brandId)) as Report;
    },
    /** Writes the whole definition; null when the report is not the brand's. */
    async update(id: string, brandId: string, userId: string, definition: ReportDefinition, at: string): Promise<Report | null> {
      const c = columnsOf(definition);
      const { changes } = await sql.run(`UPDATE reports SET title = ?, filters = ?, duration = ?, start_date = ?, end_date = ?, comparison = ?,
        compare_start_date = ?, compare_end_date = ?, metrics = ?, graph_type = ?, highlight = ?, updated_at = ?, updated_by = ? WHERE id = ? AND brand_id = ?`, [
        c.title, c.filters, c.duration, c.start_date, c.end_date, c.comparison, c.compare_start_date, c.compare_end_date, c.metrics, c.graph_type,
        c.highlight, at, userId, id, brandId,
      ]);
      return changes === 0 ? null : repository.find(id, brandId);
    },
    async remove(id: string, brandId: string): Promise<boolean> {
      return (await sql.run('DELETE FROM reports WHERE id = ? AND brand_id = ?', [id, brandId])).changes > 0;
    },
  };
  return repository;
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
