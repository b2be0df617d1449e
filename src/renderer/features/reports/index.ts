export { ReportsScreen } from './ReportsScreen';
export { ReportScreen } from './ReportScreen';
