import { useCallback, useState } from 'react';
import type { Campaign } from '../../../../shared/http/campaigns.schemas';
import { US_TIMEZONE_LABELS } from '../../../../shared/rules/campaignTabs';
import type { CreatorListResponse } from '../../../../shared/http/creators.schemas';
import { useServices } from '../../../app/useServices';
import { toFailure } from '../../../lib/httpFailure';
import { useRemoteQuery } from '../../../lib/useRemoteQuery';
import { Modal } from '../../../ui/dialog';
import { FormAlert } from '../../../ui/form';
import { RemoteView } from '../../../ui/remote';
import { ContactCreatorsDialog, type MailDraft } from '../../creators/ContactCreatorsDialog';
import type { SelectedCreator } from '../../creators/creatorList.atoms';
import { fetchCreatorList } from '../../creators/creators.api';
import { fetchSubmissionLink, type Who } from '../campaigns.api';

/** The invitation's words: the campaign, what to make, the reward and the link to submit. */
export function invitationOf(campaign: Campaign, link: string): MailDraft {
  const lines = [
    `Hi,`, '',
    `${campaign.campaign_brand_name || 'We'} would love a video from you for “${campaign.campaign_headline}”${campaign.campaign_hashtag ? ` (${campaign.campaign_hashtag})` : ''}.`,
    '', campaign.description,
    ...(campaign.campaign_reward ? ['', `Reward: ${campaign.campaign_reward}`] : []),
    ...(campaign.end_date && !campaign.ongoing ? [`Open until ${campaign.end_date} (${US_TIMEZONE_LABELS[campaign.campaign_timezone]}).`] : []),
    '', `Submit your video here: ${link}`,
  ];
  return { title: 'Invite creators', subject: `Invitation: ${campaign.campaign_headline}`, text: lines.join('\n').replace(/\n{3,}/g, '\n\n') };
}

/**
 * "Invite creators" on a campaign: the brand's creators, searched and ticked, then the mail campaign dialog of the
 * creators screen with the invitation written in (sent through the mail-campaign route).
 */
export function InviteCreatorsDialog({ who, campaign, onClose }: { who: Who; campaign: Campaign; onClose: () => void }) {
  const { api } = useServices();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Record<string, SelectedCreator>>({});
  const [draft, setDraft] = useState<MailDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useRemoteQuery(`invite|${who.brand_id}|${search}`, useCallback(
    () => fetchCreatorList(api.main, { ...who, tab: 'My Creators', search, per_page: '25' }), [api, who, search]));

  if (draft) return <ContactCreatorsDialog creators={Object.values(chosen)} draft={draft} onClose={onClose} />;

  const toggle = (creator: SelectedCreator, on: boolean) => setChosen((current) => {
    const { [creator._id]: _removed, ...rest } = current;
    return on ? { ...rest, [creator._id]: creator } : rest;
  });
  const next = async () => {
    setError(null);
    try {
      setDraft(invitationOf(campaign, await fetchSubmissionLink(api.main, who, campaign._id)));
    } catch (failure) {
      setError(`The submission link could not be made: ${toFailure(failure).error}`);
    }
  };
  const count = Object.keys(chosen).length;
  return (
    <Modal title="Invite creators" onDismiss={onClose} actions={
      <>
        <button type="button" className="btn" onClick={onClose}>Cancel</button>
        <button type="button" className="btn btn--primary" disabled={count === 0} onClick={() => void next()}>Write the invitation ({count})</button>
      </>
    }>
      <p>Choose who to invite to “<bdi>{campaign.campaign_headline}</bdi>”. Creators without a valid email are skipped when sending.</p>
      <label className="toolbar-field">
        <span>Search creators</span>
        <input className="input" type="search" value={search} maxLength={200} placeholder="Name or handle" onChange={(event) => setSearch(event.target.value)} />
      </label>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      <RemoteView state={list.state} what="the creators" onRetry={list.reload}>
        {(body: CreatorListResponse) => body.influencers.length === 0 ? <p className="field__hint">No creator matches.</p> : (
          <ul className="campaign-invite__list" aria-label="Creators">
            {body.influencers.map((creator) => {
              const selected: SelectedCreator = { _id: creator._id, name: creator.name, email: creator.email ?? null, valid_email: creator.valid_email };
              return (
                <li key={creator._id}>
                  <label className="check">
                    <input type="checkbox" checked={chosen[creator._id] !== undefined} onChange={(event) => toggle(selected, event.target.checked)} />
                    <span><bdi>{creator.name}</bdi>{!creator.valid_email && <span className="field__hint"> · no valid email</span>}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </RemoteView>
    </Modal>
  );
}
