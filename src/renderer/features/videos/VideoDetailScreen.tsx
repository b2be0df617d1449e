/** /videos/:id — the video analysis detail; it lives in detail/. */
export { VideoDetailScreen } from './detail';
