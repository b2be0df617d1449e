import { PlaceholderScreen } from '../../ui/page';

/** App manager: placeholder until its feature lands; the header, purpose and empty state are final. */
export function AppManagerScreen() {
  return (
    <PlaceholderScreen
      title="App manager"
      description="Videos published to your shopper app, and what is waiting to be published."
      icon="apps"
      sections={['Brand', 'Shopper', 'View all']}
      emptyTitle="Nothing published yet"
      emptyText="Publish videos from the Videos screen to make them appear in your shopper app."
    />
  );
}
