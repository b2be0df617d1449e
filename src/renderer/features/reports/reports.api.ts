import type { AxiosInstance } from 'axios';
import type {
  Report, ReportDefinitionInput, ReportFigures, ReportList, ReportListTab, SpeechReport, SpeechReportQueryInput,
} from '../../../shared/http/reports.schemas';

/** Who acts: every reports call carries it. */
export interface Who { brand_id: string; user_id: string }

export const fetchReports = (main: AxiosInstance, who: Who, tab: ReportListTab, search: string) =>
  main.get<ReportList>('/reports', { params: { ...who, tab, ...(search ? { search } : {}) } });

export const fetchReport = (main: AxiosInstance, who: Who, id: string) =>
  main.get<Report>(`/reports/${encodeURIComponent(id)}`, { params: who });

/** The figures of a saved report, its window optionally overridden for a look without saving. */
export const fetchReportFigures = (main: AxiosInstance, who: Who, id: string, window: { duration?: string; start_date?: string; end_date?: string }) =>
  main.get<ReportFigures>(`/reports/${encodeURIComponent(id)}/figures`, { params: { ...who, ...window } });

export const fetchPreviewFigures = (main: AxiosInstance, who: Who, definition: ReportDefinitionInput) =>
  main.get<ReportFigures>('/reports/figures', { params: { ...who, definition: JSON.stringify(definition) } });

export const createReport = (main: AxiosInstance, who: Who, definition: ReportDefinitionInput) =>
  main.post<Report>('/reports', { ...who, ...definition });

export const updateReport = (main: AxiosInstance, who: Who, id: string, changes: Partial<ReportDefinitionInput>) =>
  main.put<Report>(`/reports/${encodeURIComponent(id)}`, { ...who, ...changes });

export const duplicateReport = (main: AxiosInstance, who: Who, id: string) =>
  main.post<Report>(`/reports/${encodeURIComponent(id)}/duplicate`, who);

export const deleteReport = (main: AxiosInstance, who: Who, id: string) =>
  main.delete<{ deleted: true }>(`/reports/${encodeURIComponent(id)}`, { params: who });

export const fetchSpeechReport = (main: AxiosInstance, who: Who, query: SpeechReportQueryInput) =>
  main.get<SpeechReport>('/reports/speech_reports', { params: { ...who, ...query } });
