import { PlaceholderScreen } from '../../ui/page';

/** Home: placeholder until its feature lands; the header, purpose and empty state are final. */
export function HomeScreen() {
  return (
    <PlaceholderScreen
      title="Home"
      description="Your brand at a glance: engagement, sentiment, top products and demographics, with what is trending among videos and creators."
      icon="home"
      sections={['Brand overview', 'Recent & trending', 'Shortcuts', 'Word cloud']}
      emptyTitle="Your dashboard is getting ready"
      emptyText="Once videos are analysed, engagement, sentiment and demographics for your brand and its competitors appear here."
    />
  );
}
