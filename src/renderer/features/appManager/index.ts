export { AppManagerScreen } from './AppManagerScreen';
