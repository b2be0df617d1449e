export { TimeSeriesChart } from './TimeSeriesChart';
export type { TimeSeriesChartProps } from './TimeSeriesChart';
export { GraphTypeSwitch } from './GraphTypeSwitch';
export { KpiCard } from './KpiCard';
export type { KpiCardProps } from './KpiCard';
export { chartColours, isRtl } from './chartColours';
import './chart.css';
