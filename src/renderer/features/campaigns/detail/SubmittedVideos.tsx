import { useCallback, useState } from 'react';
import type { Campaign } from '../../../../shared/http/campaigns.schemas';
import { formatCount } from '../../../../shared/rules/formatting';
import { useServices } from '../../../app/useServices';
import { formatDate } from '../../../lib/format';
import { useRemoteQuery } from '../../../lib/useRemoteQuery';
import { EmptyState } from '../../../ui/page';
import { resolveMediaUrl } from '../../../ui/player/playerSource';
import { RemoteView } from '../../../ui/remote';
import { VideoPopup } from '../../videos/popup';
import { fetchCampaignVideos, type Who } from '../campaigns.api';
import { VideoThumb } from '../../../ui/thumb';

/** Filled then empty stars, out of five. */
const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

/** The creators' average rating of the product, for a campaign that asks for one. */
function RatingSummary({ ratings, asked }: { ratings: number[]; asked: boolean }) {
  if (!asked && ratings.length === 0) return null;
  if (ratings.length === 0) return <p className="campaign-detail__rating">No creator has rated the product yet.</p>;
  const average = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
  return (
    <p className="campaign-detail__rating" data-testid="campaign-rating">
      Creators rate the product <strong>{average.toFixed(1)} of 5</strong> ({ratings.length} {ratings.length === 1 ? 'rating' : 'ratings'})
    </p>
  );
}

/** The videos creators submitted to the campaign (the videos list's Campaigns tab, narrowed to it); each opens the popup. */
export function SubmittedVideos({ who, campaign }: { who: Who; campaign: Campaign }) {
  const { api, backend } = useServices();
  const [open, setOpen] = useState<string | null>(null);
  const videos = useRemoteQuery(`campaign-videos|${campaign._id}`, useCallback(() => fetchCampaignVideos(api.main, who, campaign._id), [api, who, campaign._id]), { kinds: ['campaign', 'video'], touches: (change) => change.target_id === campaign._id || change.video_id !== null });
  return (
    <section className="campaign-detail__videos" aria-labelledby="campaign-videos-title">
      <h2 id="campaign-videos-title">Submitted videos</h2>
      <RemoteView state={videos.state} what="the submitted videos" onRetry={videos.reload}>
        {(list) => list.length === 0
          ? <EmptyState title="No video yet">{campaign.state === 'draft' ? 'Publish the campaign and invite creators to receive videos.' : 'Invite creators or share the QR code to receive videos.'}</EmptyState>
          : (
            <>
            <RatingSummary ratings={list.flatMap((video) => (video.submitter_rating === null ? [] : [video.submitter_rating]))} asked={campaign.campaign_allow_rating} />
            <ul className="campaign-videos">
              {list.map((video) => (
                <li key={video._id}>
                  <button type="button" className="campaign-video" onClick={() => setOpen(video._id)}>
                    <span className="campaign-video__thumb"><VideoThumb src={video.thumbnail_url && resolveMediaUrl(video.thumbnail_url, backend.origin)} title={video.title} platform={video.platform} lazy /></span>
                    <span className="campaign-video__title"><bdi>{video.title}</bdi></span>
                    <span className="campaign-video__meta"><bdi>{video.creator_name ?? video.submitter_name ?? 'Unknown creator'}</bdi> · {formatCount(video.views)} views · {formatDate(video.submitted_at)}</span>
                    {video.submitter_email && <span className="campaign-video__meta">Sent from the campaign page by <bdi>{video.submitter_email}</bdi></span>}
                    {video.submitter_rating !== null && <span className="campaign-video__meta" aria-label={`Rated the product ${video.submitter_rating} of 5`}><span aria-hidden="true">{stars(video.submitter_rating)}</span> {video.submitter_rating} of 5</span>}
                  </button>
                </li>
              ))}
            </ul>
            </>
          )}
      </RemoteView>
      {open && <VideoPopup videoId={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
