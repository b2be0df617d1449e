export { ActivityScreen } from './ActivityScreen';
