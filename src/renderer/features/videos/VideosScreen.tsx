import { PlaceholderScreen } from '../../ui/page';
import { VIDEO_TABS } from '../../../shared/constants';

// The Competition tab is shown as Competitors (spec §2).
const TAB_LABELS = VIDEO_TABS.map((tab) => (tab === 'Competition' ? 'Competitors' : tab));

/** Videos: placeholder until its feature lands; the header, purpose and empty state are final. */
export function VideosScreen() {
  return (
    <PlaceholderScreen
      title="Videos"
      description="Every video about your brand and your competitors, with sentiment, transcripts, demographics and brand safety."
      icon="video"
      sections={TAB_LABELS}
      emptyTitle="No videos yet"
      emptyText="Add videos from YouTube, Dropbox, Google Drive, TikTok or Instagram and Reelscope analyses them for you."
    />
  );
}
