export { CreatorsScreen } from './CreatorsScreen';
export { CreatorDetailScreen } from './CreatorDetailScreen';
