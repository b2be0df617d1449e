import type { VideoDetail } from '../../../../../shared/http/videos.schemas';
import type { Identity } from '../../videos.api';
import type { VideoDetailSlices } from '../videoDetail.atoms';

/** What every tab of the detail gets. */
export interface DetailTabProps {
  video: VideoDetail;
  who: Identity;
  slices: VideoDetailSlices;
  /** Asks the player to jump to a time (seconds). */
  onSeek: (seconds: number) => void;
  /** Stores a changed video (also replaces it in the loaded list). */
  onVideoChanged: (video: VideoDetail) => void;
}
