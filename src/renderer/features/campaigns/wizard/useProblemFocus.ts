import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** How long a problem keeps the focus while the form settles (a failed upload's state can arrive several frames later). */
const HOLD_MS = 2000;

/**
 * Keeps focus on the first problem while renders still settle: an upload retried by Next disables its field for a
 * moment and answers later, and a slow machine draws that frames after the problem was first focused. Until the person
 * acts (a key or a pointer) or HOLD_MS pass, focus lost to the page or left on the pressed button goes back to it.
 */
function holdFocus(firstProblem: () => { target: HTMLElement | null }): void {
  const until = performance.now() + HOLD_MS;
  let acted = false;
  const stop = () => {
    acted = true;
  };
  window.addEventListener('keydown', stop, { once: true, capture: true });
  window.addEventListener('pointerdown', stop, { once: true, capture: true });
  const check = () => {
    if (acted || performance.now() > until) {
      window.removeEventListener('keydown', stop, { capture: true });
      window.removeEventListener('pointerdown', stop, { capture: true });
      return;
    }
    const { target } = firstProblem();
    const active = document.activeElement;
    const strayed = active === document.body || active === null || active instanceof HTMLButtonElement;
    if (target && active !== target && strayed) target.focus();
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** The first problem drawn in the form: the field marked invalid (else the first error's field), and what to focus there. */
function firstProblemIn(form: HTMLFormElement | null): { field: Element | null; target: HTMLElement | null } {
  const marked = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const field = marked?.closest('.field, fieldset') ?? form?.querySelector('.field__error')?.closest('.field, fieldset') ?? null;
  return { field, target: marked ?? field?.querySelector<HTMLElement>('input, select, textarea, button') ?? null };
}

/**
 * What a form does when it cannot move on (issue 26 item 37): once its problems are drawn, focus moves to the first
 * field marked invalid (else the first error's field) and a live region says what is wrong there, instead of leaving
 * focus on the pressed button in silence. Answers the form's ref, the region's text and the function that does it.
 */
export function useProblemFocus(): { formRef: RefObject<HTMLFormElement | null>; announcement: string; showProblems: (count: number) => void; clear: () => void } {
  const formRef = useRef<HTMLFormElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // A new object per call, so the same problem twice in a row is acted on (and read out) twice.
  const [asked, setAsked] = useState<{ count: number } | null>(null);
  const showProblems = useCallback((count: number) => {
    // Emptied first, so the same problem twice in a row is read out twice.
    setAnnouncement('');
    setAsked({ count });
  }, []);
  // Read after React has committed the render that draws the problems: a problem set just before showProblems (a
  // failed banner upload's error) is in that render, whereas a frame requested at the call could come before it and
  // announce the count without the field and its message.
  useEffect(() => {
    if (!asked) return;
    const { field, target } = firstProblemIn(formRef.current);
    target?.focus();
    holdFocus(() => firstProblemIn(formRef.current));
    const label = (target as HTMLInputElement | null)?.labels?.[0]?.textContent ?? field?.querySelector('legend')?.textContent ?? '';
    const message = field?.querySelector('.field__error')?.textContent ?? '';
    const lead = asked.count === 1 ? 'One field needs fixing' : `${asked.count} fields need fixing`;
    setAnnouncement(`${lead}. ${label ? `${label}: ` : ''}${message}`.trim());
  }, [asked]);
  const clear = useCallback(() => setAnnouncement(''), []);
  return { formRef, announcement, showProblems, clear };
}
