import { useAtomValue, useStore } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { openChannelWith } from './chat.api';
import { chatChannelsAtom, chatClientAtom } from './chat.atoms';

/** "Message creator" (creator detail, a video's author): opens the brand's channel with them, creating it the first time. */
export function MessageCreatorButton({ creatorId, name, className = 'btn' }: { creatorId: string; name: string; className?: string }) {
  const { api } = useServices();
  const who = useAtomValue(actingIdentityAtom);
  const client = useAtomValue(chatClientAtom);
  const store = useStore();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!who) return null;
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const channel = await openChannelWith(api.main, who, creatorId);
      store.set(chatChannelsAtom, (list) => (list && !list.some((c) => c._id === channel._id) ? [channel, ...list] : list));
      client?.pubnub.subscribe({ channels: [channel.pubnub_id] });
      navigate(`/chat?channel=${encodeURIComponent(channel._id)}`);
    } catch (failure) {
      setError(`The conversation could not be opened: ${toFailure(failure).error}`);
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={() => void open()}>
        Message creator<span className="visually-hidden">: {name}</span>
      </button>
      {error && <span className="field__error" role="alert">{error}</span>}
    </>
  );
}
