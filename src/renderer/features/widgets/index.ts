export { WidgetsScreen } from './WidgetsScreen';
