export { VideoPlayer } from './VideoPlayer';
export type { VideoPlayerHandle } from './VideoPlayer';
export { choosePlayer, resolveMediaUrl, youtubeId } from './playerSource';
export type { PlayableVideo, PlayerSource } from './playerSource';
