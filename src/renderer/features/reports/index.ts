export { ReportsScreen } from './ReportsScreen';
export { ReportScreen } from './ReportScreen';
export { ReportExportButtons } from './ReportExportButtons';
