import { useParams } from 'react-router-dom';
import { PlaceholderScreen } from '../../ui/page';

/** Video analysis detail: placeholder until its feature lands. */
export function VideoDetailScreen() {
  const { id = '' } = useParams();
  return (
    <PlaceholderScreen
      title="Video analysis"
      description="Player, people in the video, transcript, brand safety, sentiment, demographics and notes for one video."
      icon="video"
      sections={[]}
      emptyTitle="Video analysis is on its way"
      emptyText={`The detail view for video ${id} will show the player with its transcript, sentiment and demographics.`}
    />
  );
}
