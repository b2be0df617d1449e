import './selection.css';
export { SelectAllMatchingButton } from './SelectAllMatchingButton';
