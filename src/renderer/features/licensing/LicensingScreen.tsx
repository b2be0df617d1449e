import { PlaceholderScreen } from '../../ui/page';

/** Licensing: placeholder until its feature lands; the header, purpose and empty state are final. */
export function LicensingScreen() {
  return (
    <PlaceholderScreen
      title="Licensing"
      description="License agreements for creator videos, with their history and your purchases."
      icon="license"
      sections={['Agreements', 'History', 'Purchase history']}
      emptyTitle="No license agreements yet"
      emptyText="When you license a creator’s video, the agreement and its history are kept here."
    />
  );
}
