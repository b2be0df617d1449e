export { VideosScreen } from './VideosScreen';
export { VideoDetailScreen } from './detail/VideoDetailScreen';
export { videosSearchPath } from './list/useSearchFromAddress';
