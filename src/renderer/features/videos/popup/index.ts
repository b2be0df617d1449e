export { VideoPopup } from './VideoPopup';
export type { VideoPopupProps } from './VideoPopup';
