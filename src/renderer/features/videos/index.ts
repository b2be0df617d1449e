export { VideosScreen } from './VideosScreen';
export { VideoDetailScreen } from './detail/VideoDetailScreen';
export { videosSearchPath } from './list/useSearchFromAddress';
export { SentimentBar } from './list/SentimentBar';
export { VideoPopup } from './popup';
