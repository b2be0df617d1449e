import './pager.css';
export { Pager } from './Pager';
