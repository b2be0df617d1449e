import { PlaceholderScreen } from '../../ui/page';
import { CAMPAIGN_TABS } from '../../../shared/constants';

/** Campaigns: placeholder until its feature lands; the header, purpose and empty state are final. */
export function CampaignsScreen() {
  return (
    <PlaceholderScreen
      title="Campaigns"
      description="Email campaigns to creators: plan, launch and follow them from draft to done."
      icon="campaign"
      sections={CAMPAIGN_TABS}
      emptyTitle="No campaigns yet"
      emptyText="Create a campaign in five steps to invite creators to make videos for your brand."
    />
  );
}
