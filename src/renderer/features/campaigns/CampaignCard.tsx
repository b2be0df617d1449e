import { Link } from 'react-router-dom';
import type { Campaign } from '../../../shared/http/campaigns.schemas';
import { US_TIMEZONE_LABELS } from '../../../shared/rules/campaignTabs';
import { useServices } from '../../app/useServices';
import { formatNumber } from '../../lib/format';
import { resolveMediaUrl } from '../../ui/player/playerSource';
import { campaignDates } from './campaignDates';

/** One campaign: banner, headline, hashtag, dates in its zone, reward and submitted videos against the limit. */
export function CampaignCard({ campaign, onQr }: { campaign: Campaign; onQr: () => void }) {
  const { backend } = useServices();
  const detail = `/campaigns/${encodeURIComponent(campaign._id)}`;
  return (
    <article className="campaign-card" aria-labelledby={`campaign-${campaign._id}`}>
      <div className="campaign-card__banner" style={{ backgroundColor: campaign.preview_color_change }}>
        {campaign.banner_image && <img src={resolveMediaUrl(campaign.banner_image, backend.origin)} alt="" loading="lazy" />}
      </div>
      <div className="campaign-card__body">
        <h2 className="campaign-card__title" id={`campaign-${campaign._id}`}><Link to={detail}><bdi>{campaign.campaign_headline}</bdi></Link></h2>
        {campaign.campaign_hashtag && <p className="campaign-card__tag"><bdi>{campaign.campaign_hashtag}</bdi></p>}
        <dl className="campaign-card__facts">
          <dt>Dates</dt><dd>{campaignDates(campaign)} <span className="campaign-card__zone">({US_TIMEZONE_LABELS[campaign.campaign_timezone]})</span></dd>
          {campaign.campaign_reward && <><dt>Reward</dt><dd><bdi>{campaign.campaign_reward}</bdi></dd></>}
          <dt>Videos</dt><dd>{formatNumber(campaign.submitted_videos)} of {formatNumber(campaign.campaign_video_limit)} submitted</dd>
        </dl>
        <progress className="campaign-card__progress" max={campaign.campaign_video_limit} value={Math.min(campaign.submitted_videos, campaign.campaign_video_limit)}
          aria-label={`${campaign.submitted_videos} of ${campaign.campaign_video_limit} videos submitted`} />
        <div className="campaign-card__actions">
          <Link className="btn btn--small" to={`${detail}/edit`} aria-label={`Edit: ${campaign.campaign_headline}`}>Edit</Link>
          {campaign.state !== 'draft' && <button type="button" className="btn btn--small" aria-label={`QR code: ${campaign.campaign_headline}`} onClick={onQr}>QR code</button>}
        </div>
      </div>
    </article>
  );
}
