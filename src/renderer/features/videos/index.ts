export { VideosScreen } from './VideosScreen';
export { VideoDetailScreen } from './VideoDetailScreen';
