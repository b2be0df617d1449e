import { useState } from 'react';
import type { Conversation } from '../../../shared/assistant/assistant.schemas';
import { TITLE_MAX_CHARS } from '../../../shared/assistant/assistant.schemas';
import { formatDateTime } from '../../lib/format';
import { ConfirmDialog, RenameDialog } from '../../ui/dialog';
import { useMyRole } from '../team';
import type { AssistantApi } from './assistant.api';

interface ConversationListProps {
  api: AssistantApi;
  conversations: readonly Conversation[];
  selected: string | null;
  onSelect: (id: string | null) => void;
  onNew: () => void;
  onChanged: () => void;
}

/** The brand's conversations, newest first: new, open, rename, delete (the confirm flow; a manager's, as deleting is). */
export function ConversationList({ api, conversations, selected, onSelect, onNew, onChanged }: ConversationListProps) {
  const canDelete = useMyRole() !== 'member';
  const [dialog, setDialog] = useState<{ kind: 'rename' | 'delete'; conversation: Conversation } | null>(null);
  return (
    <nav className="assistant-conversations" aria-label="Conversations">
      <button type="button" className="btn btn--primary assistant-conversations__new" onClick={onNew}>New conversation</button>
      {conversations.length === 0 ? <p className="assistant-conversations__empty">No conversations yet.</p> : (
        <ul className="assistant-conversations__list">
          {conversations.map((conversation) => (
            <li key={conversation._id} className={`assistant-conversation${conversation._id === selected ? ' is-current' : ''}`}>
              <button type="button" className="assistant-conversation__open" aria-current={conversation._id === selected ? 'true' : undefined} onClick={() => onSelect(conversation._id)}>
                <bdi className="assistant-conversation__title">{conversation.title}</bdi>
                <span className="assistant-conversation__date">{formatDateTime(conversation.updated_at)}</span>
              </button>
              <span className="assistant-conversation__actions">
                <button type="button" className="btn btn--small btn--ghost" aria-label={`Rename ${conversation.title}`} onClick={() => setDialog({ kind: 'rename', conversation })}>Rename</button>
                {canDelete && <button type="button" className="btn btn--small btn--ghost" aria-label={`Delete ${conversation.title}`} onClick={() => setDialog({ kind: 'delete', conversation })}>Delete</button>}
              </span>
            </li>
          ))}
        </ul>
      )}
      {dialog?.kind === 'rename' && (
        <RenameDialog
          title="Rename conversation"
          current={dialog.conversation.title}
          maxLength={TITLE_MAX_CHARS}
          blankMessage="A conversation needs a title."
          save={async (title) => void (await api.rename(dialog.conversation._id, title))}
          onClose={(done) => { setDialog(null); if (done) onChanged(); }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete conversation"
          question={<>Delete <bdi>{dialog.conversation.title}</bdi> and all its answers?</>}
          onConfirm={async () => {
            await api.remove(dialog.conversation._id);
            return 'The conversation was deleted.';
          }}
          onClose={(done) => {
            const removed = dialog.conversation._id;
            setDialog(null);
            if (!done) return;
            if (removed === selected) onSelect(null);
            onChanged();
          }}
        />
      )}
    </nav>
  );
}
