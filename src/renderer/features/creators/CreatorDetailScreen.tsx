import { useParams } from 'react-router-dom';
import { PlaceholderScreen } from '../../ui/page';

/** Creator detail: placeholder until its feature lands. */
export function CreatorDetailScreen() {
  const { id = '' } = useParams();
  return (
    <PlaceholderScreen
      title="Creator"
      description="Statistics, videos, products, audience demographics and sentiment for one creator."
      icon="creators"
      sections={[]}
      emptyTitle="Creator details are on their way"
      emptyText={`The detail view for creator ${id} will show statistics, videos and audience.`}
    />
  );
}
