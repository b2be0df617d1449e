export { AppManagerScreen } from './AppManagerScreen';
export { blockedInSelection } from './selectionBlocks';
export type { BlockedVideo } from './selectionBlocks';
