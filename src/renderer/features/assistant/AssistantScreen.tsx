import { PlaceholderScreen } from '../../ui/page';
import { ASSISTANT_SAMPLE_QUESTIONS } from '../../../shared/messages';

/** Assistant: placeholder until its feature lands; the header, purpose and empty state are final. */
export function AssistantScreen() {
  return (
    <PlaceholderScreen
      title="Assistant"
      description="Ask questions about your brand, answered from your video transcripts."
      icon="assistant"
      sections={ASSISTANT_SAMPLE_QUESTIONS}
      emptyTitle="No conversations yet"
      emptyText="Start a conversation with one of the sample questions above."
    />
  );
}
