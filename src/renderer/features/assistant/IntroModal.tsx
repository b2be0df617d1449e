import { useEffect, useState } from 'react';
import { SAMPLE_QUESTIONS } from '../../../shared/assistant/sampleQuestions';
import { ASK_INTRO_FLAG } from '../../../shared/constants';
import { NavbarStatsResponseSchema } from '../../../shared/http/onboarding.schemas';
import { useServices } from '../../app/useServices';
import { Modal } from '../../ui/dialog';

interface IntroModalProps {
  who: { brand_id: string; user_id: string };
  onAsk: (question: string) => void;
}

/**
 * The assistant's intro (spec §1): shown until the person dismisses it or asks; either sends PATCH /navbar_stats
 * with ask_reelscope_intro false, so it never returns. A failure to read the flag shows nothing (the screen works).
 */
export function IntroModal({ who, onAsk }: IntroModalProps) {
  const { api } = useServices();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    api.main.get('/navbar_stats', { params: who }).then(
      (response) => live && setOpen(NavbarStatsResponseSchema.parse(response.data).data[ASK_INTRO_FLAG]),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, who]);
  if (!open) return null;
  const close = (question: string | null) => {
    setOpen(false);
    void api.main.patch('/navbar_stats', { ...who, [ASK_INTRO_FLAG]: false }).catch(() => undefined);
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
