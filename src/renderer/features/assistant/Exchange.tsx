import { useState } from 'react';
import type { AssistantMessage, ReadingChange } from '../../../shared/assistant/assistant.schemas';
import type { AssistantApi } from './assistant.api';
import { Citations, type CitationTarget } from './Citations';
import type { AskWindow } from './Composer';
import { ReadingChips } from './ReadingChips';

export interface ExchangeProps {
  api: AssistantApi;
  question: AssistantMessage;
  answers: readonly AssistantMessage[];
  /** Text streaming in from the model server for one of these answers, if any. */
  streaming: { messageId: string; text: string } | null;
  /** Per answer: why the model server's text is not shown (its failure, or a stop). */
  notices: Readonly<Record<string, string>>;
  busy: boolean;
  onRegenerate: (answer: AssistantMessage) => void;
  onLike: (answer: AssistantMessage, like: number) => void;
  onOpen: (target: CitationTarget) => void;
  /** The question asked again with the reading changed on an answer's chips. */
  onAskAgain: (question: string, change: ReadingChange, window: AskWindow) => void;
  /** A question offered by an answer that could not read its own. */
  onAsk: (question: string) => void;
}

/** One question and its answers (a regenerated one is a further answer: "2 of 2", the earlier ones a click away). */
export function Exchange({ api, question, answers, streaming, notices, busy, onRegenerate, onLike, onOpen, onAskAgain, onAsk }: ExchangeProps) {
  const [picked, setPicked] = useState<number | null>(null);
  const [copied, setCopied] = useState(false);
  const at = Math.min(picked ?? answers.length - 1, answers.length - 1);
  const answer = answers[at];
  const text = answer && streaming?.messageId === answer._id ? streaming.text : answer?.content;
  const copy = async () => {
    if (!answer) return;
    await navigator.clipboard.writeText(answer.content).then(() => setCopied(true), () => setCopied(false));
    window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <li className="assistant-exchange">
      <p className="assistant-question"><bdi>{question.content}</bdi></p>
      {answer ? (
        <article className="assistant-answer" aria-label={`Answer ${at + 1} of ${answers.length}`} data-testid="assistant-answer">
          {answer.reading && (
            <ReadingChips key={answer._id} answer={{ ...answer, reading: answer.reading }} busy={busy} onAsk={onAsk} onAskAgain={(change, window) => onAskAgain(question.content, change, window)} />
          )}
          <div className="assistant-answer__text" aria-busy={streaming?.messageId === answer._id}><AnswerLines text={text ?? ''} /></div>
          {notices[answer._id] && <p className="assistant-answer__notice" role="status">{notices[answer._id]}</p>}
          <Citations api={api} cited={answer.supporting_data} onOpen={onOpen} />
          <div className="assistant-answer__actions">
            {answers.length > 1 && (
              <span className="assistant-answer__pager">
                <button type="button" className="btn btn--small btn--ghost" aria-label="Previous answer" disabled={at === 0} onClick={() => setPicked(at - 1)}>‹</button>
                <span>{at + 1} of {answers.length}</span>
                <button type="button" className="btn btn--small btn--ghost" aria-label="Next answer" disabled={at === answers.length - 1} onClick={() => setPicked(at + 1)}>›</button>
              </span>
            )}
            <button type="button" className="btn btn--small" aria-pressed={answer.like === 1} onClick={() => onLike(answer, answer.like === 1 ? 0 : 1)}>
              {answer.like === 1 ? 'Liked' : 'Like'}
            </button>
            <button type="button" className="btn btn--small" disabled={busy} onClick={() => { setPicked(null); onRegenerate(answer); }}>Regenerate</button>
            <button type="button" className="btn btn--small" onClick={() => void copy()}>{copied ? 'Copied' : 'Copy'}</button>
            <span className="visually-hidden" role="status">{copied ? 'The answer was copied.' : ''}</span>
          </div>
        </article>
      ) : <p className="assistant-answer assistant-answer--missing">No answer was stored for this question.</p>}
    </li>
  );
}

/**
 * An answer's text, one block per line, each line in its own direction: an English quote in an Arabic answer reads
 * left to right (its quotation marks and title in place), the Arabic lines right to left.
 */
function AnswerLines({ text }: { text: string }) {
  return text.split('\n').map((line, at) => (
    // Lines have no identity but their place, and the text is replaced whole.
    <span key={at} className="assistant-answer__line" dir="auto">{line === '' ? <br /> : line}</span>
  ));
}
