import { PlaceholderScreen } from '../../ui/page';

/** Reports: placeholder until its feature lands; the header, purpose and empty state are final. */
export function ReportsScreen() {
  return (
    <PlaceholderScreen
      title="Reports"
      description="Custom, demographic, sentiment, engagement and speech reports about your brand."
      icon="reports"
      sections={['All Reports', 'Custom', 'Demographic', 'Sentiment', 'Engagement', 'Speech']}
      emptyTitle="No reports yet"
      emptyText="Run a report from the dashboard to see it listed here."
    />
  );
}
