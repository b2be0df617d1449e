/** Report files (issue 12): the PDF and the CSV of a report document. */
export { renderReportPdf } from './reportPdf';
export type { ReportPdfOptions } from './reportPdf';
export { reportCsv } from './reportCsv';
