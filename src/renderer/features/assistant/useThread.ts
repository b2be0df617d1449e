import { useCallback, useRef, useState } from 'react';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import type { AssistantMessage, ReadingChange } from '../../../shared/assistant/assistant.schemas';
import { asRemote, type AssistantApi } from './assistant.api';
import type { AskWindow } from './Composer';
import type { Generation } from './useGeneration';

export interface Thread {
  messages: AssistantMessage[] | null;
  loadError: string | null;
  /** The question on its way (shown under the thread until its answer arrives). */
  asking: string | null;
  error: string | null;
  busy: boolean;
  reload: () => void;
  /** reading: the reading changed on an answer's chips, when the question is asked again with it. */
  ask: (conversationId: string, brandId: string, question: string, window: AskWindow, reading?: ReadingChange) => Promise<boolean>;
  regenerate: (answer: AssistantMessage) => Promise<void>;
  like: (answer: AssistantMessage, like: number) => Promise<void>;
  stop: () => void;
}

/** One conversation's messages and what can be done to them; nothing typed or stored is lost when a call fails. */
export function useThread(api: AssistantApi, conversationId: string | null, generation: Generation): Thread {
  const remote = useRemoteQuery(`assistant-messages|${conversationId ?? ''}`, useCallback(
    () => (conversationId ? api.messages(conversationId).then(asRemote) : Promise.resolve(asRemote([] as AssistantMessage[]))),
    [api, conversationId],
  ));
  const [asking, setAsking] = useState<string | null>(null);
  const [error, setError] = useState<{ conversationId: string | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  // While another conversation loads, the last one's messages are not shown as this one's.
  const messages = remote.state.phase === 'success' ? remote.state.body.filter((m) => m.conversation_id === conversationId) : null;
  const fail = (failure: unknown) => setError({ conversationId, text: failure instanceof Error ? failure.message : String(failure) });

  const afterAnswer = async (question: string, answer: AssistantMessage) => {
    remote.reload();
    if (await generation.generate(question, answer)) remote.reload();
  };

  return {
    messages,
    loadError: remote.state.phase === 'failure' ? remote.state.error : null,
    asking,
    error: error && error.conversationId === conversationId ? error.text : null,
    busy,
    reload: remote.reload,
    async ask(id, brandId, question, window, reading) {
      const abort = new AbortController();
      controller.current = abort;
      setBusy(true);
      setAsking(question);
      setError(null);
      try {
        const answer = await api.ask({
          brandId, conversationId: id, duration: window.duration, userMessage: { content: question, role: 'user' },
          ...(window.duration === 'custom' ? { start_date: window.start_date, end_date: window.end_date } : {}),
          ...(reading ? { reading } : {}),
        }, abort.signal);
        setAsking(null);
        await afterAnswer(question, answer);
        return true;
      } catch (failure) {
        setAsking(null);
        setError({ conversationId: id, text: abort.signal.aborted ? 'Stopped. Your question is still in the box.' : `${failure instanceof Error ? failure.message : String(failure)} Your question is still in the box.` });
        return false;
      } finally {
        controller.current = null;
        setBusy(false);
      }
    },
    async regenerate(answer) {
      if (!conversationId || !answer.question_id) return;
      setBusy(true);
      setError(null);
      try {
        const fresh = await api.regenerate(conversationId, answer.question_id, answer._id);
        await afterAnswer(messages?.find((m) => m._id === answer.question_id)?.content ?? '', fresh);
      } catch (failure) {
        fail(failure);
      } finally {
        setBusy(false);
      }
    },
    async like(answer, like) {
      try {
        await api.like(answer._id, like);
        remote.reload();
      } catch (failure) {
        fail(failure);
      }
    },
    stop() {
      controller.current?.abort();
      generation.stop();
    },
  };
}
