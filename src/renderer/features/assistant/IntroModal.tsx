import { useEffect, useRef, useState } from 'react';
import { SAMPLE_QUESTIONS } from '../../../shared/assistant/sampleQuestions';
import { ASK_INTRO_FLAG } from '../../../shared/constants';
import { NavbarStatsResponseSchema } from '../../../shared/http/onboarding.schemas';
import { useServices } from '../../app/useServices';
import { Modal } from '../../ui/dialog';

interface IntroModalProps {
  who: { brand_id: string; user_id: string };
  onAsk: (question: string) => void;
  /** The person has asked something on the screen (through the composer, too): the intro has done its job. */
  asked: boolean;
}

/**
 * The assistant's intro (spec §1): shown until the person dismisses it or asks; either sends PATCH /navbar_stats
 * with ask_reelscope_intro false, so it never returns. Asking through the composer counts as asking: the intro is then
 * not opened (its flag may arrive after the first question, and it popped up over the first answer) and the flag is
 * cleared. A failure to read the flag shows nothing (the screen works).
 */
export function IntroModal({ who, onAsk, asked }: IntroModalProps) {
  const { api } = useServices();
  /** The stored flag: null until read (or when it could not be). */
  const [flag, setFlag] = useState<boolean | null>(null);
  const cleared = useRef(false);
  const { brand_id: brandId, user_id: userId } = who;
  // Read once per person and brand, not again each time the identity object is rebuilt (a refreshed session).
  useEffect(() => {
    let live = true;
    api.main.get('/navbar_stats', { params: { brand_id: brandId, user_id: userId } }).then(
      (response) => live && setFlag(NavbarStatsResponseSchema.parse(response.data).data[ASK_INTRO_FLAG]),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, brandId, userId]);
  /** Stores that the intro is done with (once). */
  const store = () => {
    if (cleared.current) return;
    cleared.current = true;
    void api.main.patch('/navbar_stats', { brand_id: brandId, user_id: userId, [ASK_INTRO_FLAG]: false }).catch(() => undefined);
  };
  useEffect(() => {
    if (asked && flag === true) store();
  });
  if (flag !== true || asked) return null;
  const close = (question: string | null) => {
    setFlag(false);
    store();
    if (question) onAsk(question);
  };
  return (
    <Modal title="Ask Reelscope" onDismiss={() => close(null)} actions={<button type="button" className="btn" onClick={() => close(null)}>Not now</button>}>
      <p>Ask anything about your brand. Answers come from your videos' transcripts and figures, offline, and every quote plays the moment it was said.</p>
      <p>Try one of these:</p>
      <ul className="assistant-intro__questions">
        {SAMPLE_QUESTIONS.map((question) => (
          <li key={question}><button type="button" className="btn assistant-intro__question" onClick={() => close(question)}>{question}</button></li>
        ))}
      </ul>
    </Modal>
  );
}
