import { PlaceholderScreen } from '../../ui/page';
import { CREATOR_TABS } from '../../../shared/constants';

/** Creators: placeholder until its feature lands; the header, purpose and empty state are final. */
export function CreatorsScreen() {
  return (
    <PlaceholderScreen
      title="Creators"
      description="The creators who talk about your brand and your competitors, with reach, engagement and audience."
      icon="creators"
      sections={CREATOR_TABS}
      emptyTitle="No creators yet"
      emptyText="Creators appear here as soon as their videos about your brand are analysed."
    />
  );
}
