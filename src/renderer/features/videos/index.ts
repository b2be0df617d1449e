export { VideosScreen } from './VideosScreen';
export { VideoDetailScreen } from './detail/VideoDetailScreen';
