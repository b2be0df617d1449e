import { useState } from 'react';
import type { Settings } from '../../../shared/ipc/settings.schemas';
import { FormAlert, TextField } from '../../ui/form';
import { useChatSettings } from '../chat/useChatSettings';

const KEY = /^[A-Za-z0-9-]{8,100}$/;

/**
 * Chat through PubNub's service instead of the back end: only the keys change (the same SDK client, the channels still
 * listed by the back end). Empty keys go back to the back end's own messaging.
 */
export function ChatServiceSettings({ settings }: { settings: Settings }) {
  const updateChat = useChatSettings();
  const current = settings.chat.pubnub;
  const [publishKey, setPublishKey] = useState(current?.publishKey ?? '');
  const [subscribeKey, setSubscribeKey] = useState(current?.subscribeKey ?? '');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = async () => {
    const both = publishKey.trim() !== '' || subscribeKey.trim() !== '';
    if (both && (!KEY.test(publishKey.trim()) || !KEY.test(subscribeKey.trim()))) {
      return setMessage({ tone: 'error', text: 'Give both keys as PubNub shows them (pub-c-… and sub-c-…), or leave both empty.' });
    }
    try {
      await updateChat(() => ({ pubnub: both ? { publishKey: publishKey.trim(), subscribeKey: subscribeKey.trim() } : null }));
      setMessage({ tone: 'success', text: both ? 'Chat now goes through PubNub with these keys.' : 'Chat goes through the back end again.' });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <section className="card settings-card" aria-labelledby="chat-service-title">
      <h2 className="card__title" id="chat-service-title">Chat service</h2>
      <p className="field__hint">By default chat runs through the back end. With a PubNub key pair, the same chat goes through PubNub’s service instead.</p>
      <TextField label="PubNub publish key" value={publishKey} spellCheck={false} autoComplete="off" placeholder="pub-c-…" onChange={(event) => setPublishKey(event.target.value)} />
      <TextField label="PubNub subscribe key" value={subscribeKey} spellCheck={false} autoComplete="off" placeholder="sub-c-…" onChange={(event) => setSubscribeKey(event.target.value)} />
      {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
      <div><button type="button" className="btn" onClick={() => void save()}>Save chat service</button></div>
    </section>
  );
}
