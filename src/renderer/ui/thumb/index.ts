export { VideoThumb } from './VideoThumb';
