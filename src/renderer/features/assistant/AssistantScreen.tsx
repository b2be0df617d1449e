import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AssistantMessage, Conversation, Prompt, ReadingChange } from '../../../shared/assistant/assistant.schemas';
import { DEFAULT_REPORT_DURATION } from '../../../shared/constants';
import { DATE_RANGE_LABELS } from '../../../shared/labels';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { EmptyState, PageHeader } from '../../ui/page';
import { RemoteView } from '../../ui/remote';
import { VideoPopup } from '../videos/popup';
import { savedVideoIds, savedVideoPath } from '../library/useSavedVideo';
import type { CitationTarget } from './Citations';
import { Composer, type AskWindow } from './Composer';
import { ConversationList } from './ConversationList';
import { Exchange } from './Exchange';
import { IntroModal } from './IntroModal';
import { asRemote } from './assistant.api';
import { useAssistantApi } from './useAssistantApi';
import { useGeneration } from './useGeneration';
import { useThread } from './useThread';
import './assistant.css';

const DEFAULT_WINDOW: AskWindow = { duration: DEFAULT_REPORT_DURATION, start_date: null, end_date: null };

/** Assistant (spec §1, §2): conversations asRemote from the brand's transcripts and figures, with playable citations. */
export function AssistantScreen() {
  const who = useAtomValue(actingIdentityAtom);
  return (
    <div className="page assistant-page">
      <PageHeader title="Assistant" description="Ask about your brand: answers come from your videos' transcripts and figures, and every quote plays the moment it was said." />
      {who ? <Assistant who={who} /> : <EmptyState title="No brand yet">Connect a brand to ask about its videos.</EmptyState>}
    </div>
  );
}

function Assistant({ who }: { who: { brand_id: string; user_id: string } }) {
  const api = useAssistantApi();
  const navigate = useNavigate();
  const list = useRemoteQuery(`assistant-conversations|${who.brand_id}`, useCallback(() => api.conversations(who.brand_id).then(asRemote), [api, who.brand_id]));
  const promptList = useRemoteQuery('assistant-prompts', useCallback(() => api.prompts().then(asRemote), [api]));
  const prompts: Prompt[] = promptList.state.phase === 'success' ? promptList.state.body : [];
  const [selected, setSelected] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [popup, setPopup] = useState<CitationTarget | null>(null);
  const generation = useGeneration(api);
  const thread = useThread(api, selected, generation);


  const send = async (question: string, window: AskWindow, reading?: ReadingChange, fromAnswer = false) => {
    let id = selected;
    if (!id) {
      try {
        id = (await api.create(who.brand_id))._id;
        setSelected(id);
      } catch {
        return;
      }
    }
    const asked = await thread.ask(id, who.brand_id, question, window, reading);
    // A question asked from an answer (again, or offered) leaves what is being typed alone; if it fails, it is put in
    // the box, as the failure's message says.
    if (asked && !fromAnswer) setText('');
    if (!asked && fromAnswer) setText(question);
    list.reload();
  };

  const open = async (target: CitationTarget) => {
    // A video saved on this computer plays from its file, offline.
    const saved = await savedVideoIds().catch(() => new Set<string>());
    if (saved.has(target.videoId)) void navigate(`${savedVideoPath(target.videoId)}&t=${Math.floor(target.seconds)}`);
    else setPopup(target);
  };

  const messages = thread.messages ?? [];
  const questions = messages.filter((m) => m.role === 'user');
  const answersTo = (question: AssistantMessage) => messages.filter((m) => m.question_id === question._id);
  const exchanges = useRef<HTMLOListElement>(null);
  // The newest exchange is what the person is reading: bring it into view when a question is asked, its answer
  // arrives, or a conversation opens (without this the view stayed on the first exchange).
  const newest = thread.asking ?? messages.at(-1)?._id ?? null;
  useEffect(() => {
    if (newest === null) return;
    const last = exchanges.current?.lastElementChild;
    if (last instanceof HTMLElement) last.scrollIntoView({ block: 'start', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  }, [newest, selected]);
  return (
    <div className="assistant">
      <div className="assistant-side">
        <RemoteView state={list.state} what="the conversations" onRetry={list.reload}>
          {(conversations: Conversation[]) => <ConversationList api={api} conversations={conversations} selected={selected} onSelect={setSelected} onNew={() => setSelected(null)} onChanged={list.reload} />}
        </RemoteView>
      </div>
      <section className="assistant-thread" aria-label="Conversation">
        {thread.loadError && <p className="form-alert form-alert--error" role="alert">{thread.loadError} <button type="button" className="btn btn--small" onClick={thread.reload}>Try again</button></p>}
        {thread.messages === null && !thread.loadError && <p className="assistant-thread__loading" role="status">Loading the conversation…</p>}
        {questions.length === 0 && !thread.asking && thread.messages !== null && (
          <div className="assistant-thread__empty">
            <p>Ask about your videos — topics, sentiment, audiences, products, creators, competitors, or anything said in them. Window: {DATE_RANGE_LABELS[DEFAULT_REPORT_DURATION].toLocaleLowerCase()} unless you pick another.</p>
            {prompts.length > 0 && (
              <ul className="assistant-suggestions" aria-label="Suggested questions">
                {prompts.map((prompt) => <li key={prompt._id}><button type="button" className="btn btn--small" onClick={() => setText(prompt.prompt)}>{prompt.prompt}</button></li>)}
              </ul>
            )}
          </div>
        )}
        <ol className="assistant-exchanges" ref={exchanges}>
          {questions.map((question) => (
            <Exchange key={question._id} api={api} question={question} answers={answersTo(question)} streaming={generation.streaming} notices={generation.notices}
              busy={thread.busy} onRegenerate={(answer) => void thread.regenerate(answer)} onLike={(answer, like) => void thread.like(answer, like)} onOpen={(target) => void open(target)}
              onAskAgain={(asked, reading, window) => void send(asked, window, reading, true)} onAsk={(asked) => void send(asked, DEFAULT_WINDOW, undefined, true)} />
          ))}
          {thread.asking && <li className="assistant-exchange"><p className="assistant-question"><bdi>{thread.asking}</bdi></p><p className="assistant-answer assistant-answer--pending" role="status">Reading the transcripts… (Esc stops)</p></li>}
        </ol>
        {thread.error && <p className="form-alert form-alert--error" role="alert">{thread.error}</p>}
        <Composer text={text} onText={setText} busy={thread.busy} onSend={(question, window) => void send(question, window)} onStop={thread.stop} />
      </section>
      <IntroModal who={who} asked={questions.length > 0 || thread.asking !== null} onAsk={(question) => void send(question, DEFAULT_WINDOW)} />
      {popup && <VideoPopup videoId={popup.videoId} startAt={popup.seconds} onClose={() => setPopup(null)} />}
    </div>
  );
}
