export { VideosScreen } from './VideosScreen';
export { VideoDetailScreen } from './detail/VideoDetailScreen';
export { videosSearchPath, type SearchScope } from './list/useSearchFromAddress';
export { SentimentBar } from './list/SentimentBar';
export { VideoPopup } from './popup';
