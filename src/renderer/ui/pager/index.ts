import './pager.css';
export { Pager } from './Pager';
export { PerPageSelect } from './PerPageSelect';
