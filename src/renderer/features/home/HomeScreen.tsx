import { Link } from 'react-router-dom';
import { PlaceholderScreen } from '../../ui/page';
import { AddProductButton } from '../products';
import { AddVideosButton } from '../uploads';

/** Home: placeholder until its feature lands; the header, purpose and empty state are final. Shortcuts work (spec §2). */
export function HomeScreen() {
  return (
    <>
      <section className="home-shortcuts" aria-label="Shortcuts" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', paddingBlockStart: 16, paddingInline: 32 }}>
        <Link className="btn btn--small" to="/reports">
          Run report
        </Link>
        <AddProductButton />
        <AddVideosButton className="btn btn--small" />
      </section>
      <PlaceholderScreen
        title="Home"
        description="Your brand at a glance: engagement, sentiment, top products and demographics, with what is trending among videos and creators."
        icon="home"
        sections={['Brand overview', 'Recent & trending', 'Shortcuts', 'Word cloud']}
        emptyTitle="Your dashboard is getting ready"
        emptyText="Once videos are analysed, engagement, sentiment and demographics for your brand and its competitors appear here."
      />
    </>
  );
}
