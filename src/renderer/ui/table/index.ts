import './table.css';
export { VirtualTable } from './VirtualTable';
export type { TableColumn } from './VirtualTable';
