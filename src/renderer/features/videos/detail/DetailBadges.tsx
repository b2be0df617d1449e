import { platformLabel } from '../../../../shared/labels';
import type { VideoDetail } from '../../../../shared/http/videos.schemas';
import { Authorship } from '../../team';
import type { RemoteState } from '../../../lib/remoteSlice';
import type { MyOrCompetitor } from './videoDetail.api';

interface DetailBadgesProps {
  video: VideoDetail;
  identify: RemoteState<MyOrCompetitor>;
}

/** My-or-competitor identification and the marks of the video (favorite, flagged, published, analysis stage). */
export function DetailBadges({ video, identify }: DetailBadgesProps) {
  const who = identify.phase === 'success' ? identify.body : null;
  return (
    <ul className="detail-badges" aria-label="About this video">
      {who ? (
        <li className={`detail-badge ${who.type === 'my' ? 'detail-badge--accent' : 'detail-badge--warning'}`} data-testid="identify-badge">
          {who.type === 'my' ? `My video · ${who.brand_name}` : `Competitor · ${who.brand_name}`}
        </li>
      ) : (
        identify.phase === 'failure' && <li className="detail-badge">Owner unknown</li>
      )}
      <li className="detail-badge">{platformLabel(video.platform)}</li>
      {video.is_favorite && <li className="detail-badge detail-badge--accent">Favorite</li>}
      {video.is_flagged && <li className="detail-badge detail-badge--danger">Flagged{video.flag_reason ? `: ${video.flag_reason}` : ''}</li>}
      {video.is_flagged && video.flagged_by && <li className="detail-badge"><Authorship verb="Flagged" person={video.flagged_by} at={video.flagged_at} testId="flagged-by" /></li>}
      {video.published && <li className="detail-badge detail-badge--success">Published</li>}
      {video.analysis_stage !== 'completed' && <li className="detail-badge detail-badge--warning">Analysis {video.analysis_stage}</li>}
    </ul>
  );
}
