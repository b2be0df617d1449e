export { AssistantScreen } from './AssistantScreen';
