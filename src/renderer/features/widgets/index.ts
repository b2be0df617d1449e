export { WidgetsScreen } from './WidgetsScreen';
export { WidgetBuilderScreen } from './builder/WidgetBuilderScreen';
export { WidgetAnalyticsScreen } from './analytics/WidgetAnalyticsScreen';
