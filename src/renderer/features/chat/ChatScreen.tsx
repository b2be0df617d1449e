import { PlaceholderScreen } from '../../ui/page';

/** Chat: placeholder until its feature lands; the header, purpose and empty state are final. */
export function ChatScreen() {
  return (
    <PlaceholderScreen
      title="Chat"
      description="Conversations with creators, one channel per recipient."
      icon="chat"
      sections={['Channels', 'Messages']}
      emptyTitle="No conversations yet"
      emptyText="Start a conversation from a creator’s page to talk about a collaboration."
    />
  );
}
