import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CAMPAIGN_TAB_LABELS, type Campaign } from '../../../../shared/http/campaigns.schemas';
import { formatCount } from '../../../../shared/rules/formatting';
import { platformLabel } from '../../../../shared/labels';
import { US_TIMEZONE_LABELS } from '../../../../shared/rules/campaignTabs';
import { actingIdentityAtom } from '../../../app/session/session.atoms';
import { useServices } from '../../../app/useServices';
import { useRemoteQuery } from '../../../lib/useRemoteQuery';
import { ConfirmDialog } from '../../../ui/dialog';
import { EmptyState, PageHeader } from '../../../ui/page';
import { RemoteView } from '../../../ui/remote';
import { QrModal } from '../QrModal';
import { deleteCampaign, fetchCampaign, type Who } from '../campaigns.api';
import { campaignDates } from '../campaignDates';
import { InviteCreatorsDialog } from './InviteCreatorsDialog';
import { SubmittedVideos } from './SubmittedVideos';


/** /campaigns/{id}: a campaign's brief and facts, its submitted videos, and what can be done with it. */
export function CampaignDetailScreen() {
  const who = useAtomValue(actingIdentityAtom);
  const { id = '' } = useParams();
  if (!who) return <div className="page"><EmptyState title="No brand yet">Connect a brand to run campaigns.</EmptyState></div>;
  return <CampaignDetail who={who} id={id} />;
}

type Open = 'qr' | 'invite' | 'delete' | null;

function CampaignDetail({ who, id }: { who: Who; id: string }) {
  const { api } = useServices();
  const stored = useRemoteQuery(`campaign|${id}`, useCallback(() => fetchCampaign(api.main, who, id), [api, who, id]), { kinds: ['campaign'], touches: (change) => change.target_id === id });
  return (
    <div className="page campaign-detail-page">
      <p><Link to="/campaigns" className="back-link"><span className="directional-icon" aria-hidden="true">←</span><span>All campaigns</span></Link></p>
      <RemoteView state={stored.state} what="the campaign" onRetry={stored.reload}>
        {(campaign) => <CampaignView who={who} campaign={campaign} />}
      </RemoteView>
    </div>
  );
}

function CampaignView({ who, campaign }: { who: Who; campaign: Campaign }) {
  const { api } = useServices();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const live = campaign.state !== 'draft';
  const length = campaign.campaign_video_length === null ? 'Any length' : `Up to ${campaign.campaign_video_length} ${campaign.campaign_video_length_type}`;
  return (
    <>
      <PageHeader title={campaign.campaign_headline} description={[campaign.campaign_hashtag, CAMPAIGN_TAB_LABELS[campaign.tab]].filter(Boolean).join(' · ')} />
      <div className="campaign-detail__actions">
        <Link className="btn btn--primary" to={`/campaigns/${encodeURIComponent(campaign._id)}/edit`}>{live ? 'Edit' : 'Continue editing'}</Link>
        {live && <button type="button" className="btn" onClick={() => setOpen('invite')}>Invite creators</button>}
        {live && <button type="button" className="btn" onClick={() => setOpen('qr')}>QR code</button>}
        <button type="button" className="btn" onClick={() => setOpen('delete')}>Delete</button>
      </div>
      <div className="campaign-detail">
        <section className="campaign-detail__brief" aria-label="Brief">
          {campaign.description && <p className="campaign-detail__text"><bdi>{campaign.description}</bdi></p>}
          {campaign.brand_instruction && <><h2>Instructions</h2><p className="campaign-detail__text"><bdi>{campaign.brand_instruction}</bdi></p></>}
          <dl className="campaign-card__facts">
            <dt>Dates</dt><dd>{campaignDates(campaign)} ({US_TIMEZONE_LABELS[campaign.campaign_timezone]})</dd>
            {campaign.campaign_reward && <><dt>Reward</dt><dd><bdi>{campaign.campaign_reward}</bdi>{campaign.campaign_reward_type && ` (${campaign.campaign_reward_type})`}</dd></>}
            {campaign.campaign_product && <><dt>Product</dt><dd><bdi>{campaign.campaign_product}</bdi></dd></>}
            <dt>Videos</dt><dd>{formatCount(campaign.submitted_videos)} of {formatCount(campaign.campaign_video_limit)} · {length}</dd>
            <dt>Upload from</dt><dd>{campaign.campaign_upload_platform.length === 0 ? 'Any platform' : campaign.campaign_upload_platform.map(platformLabel).join(', ')}</dd>
            <dt>Rating</dt><dd>{campaign.campaign_allow_rating ? 'Creators rate the product' : 'No rating'}</dd>
            {campaign.terms_and_conditions && <><dt>Terms</dt><dd className="campaign-detail__text"><bdi>{campaign.terms_and_conditions}</bdi></dd></>}
          </dl>
        </section>
        <SubmittedVideos who={who} campaign={campaign} />
      </div>
      {open === 'qr' && <QrModal who={who} campaign={campaign} onClose={() => setOpen(null)} />}
      {open === 'invite' && <InviteCreatorsDialog who={who} campaign={campaign} onClose={() => setOpen(null)} />}
      {open === 'delete' && (
        <ConfirmDialog title="Delete campaign" confirmLabel="Delete"
          question={<>Delete “<bdi>{campaign.campaign_headline}</bdi>”? Its submitted videos stay in your library.</>}
          onConfirm={() => deleteCampaign(api.main, who, campaign._id)}
          onClose={(done) => (done ? navigate(`/campaigns?tab=${campaign.tab}`) : setOpen(null))} />
      )}
    </>
  );
}
