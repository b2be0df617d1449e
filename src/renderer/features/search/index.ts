export { SearchBox } from './SearchBox';
