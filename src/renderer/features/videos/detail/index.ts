export { VideoDetailScreen } from './VideoDetailScreen';
export { FlaggedNotice } from './FlaggedNotice';
