import { useCallback, useRef, useState, type RefObject } from 'react';

/**
 * What a form does when it cannot move on (issue 26 item 37): once its problems are drawn, focus moves to the first
 * field marked invalid (else the first error's field) and a live region says what is wrong there, instead of leaving
 * focus on the pressed button in silence. Answers the form's ref, the region's text and the function that does it.
 */
export function useProblemFocus(): { formRef: RefObject<HTMLFormElement | null>; announcement: string; showProblems: (count: number) => void; clear: () => void } {
  const formRef = useRef<HTMLFormElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const showProblems = useCallback((count: number) => {
    // Emptied first, so the same problem twice in a row is read out twice.
    setAnnouncement('');
    // After the render that draws the problems.
    const firstProblem = () => {
      const form = formRef.current;
      const marked = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
      const field = marked?.closest('.field, fieldset') ?? form?.querySelector('.field__error')?.closest('.field, fieldset') ?? null;
      return { field, target: marked ?? field?.querySelector<HTMLElement>('input, select, textarea, button') ?? null };
    };
    requestAnimationFrame(() => {
      const { field, target } = firstProblem();
      target?.focus();
      // A render still settling (a failed upload's state arriving a frame later) can drop that focus: give it back once.
      requestAnimationFrame(() => {
        if (document.activeElement === document.body) firstProblem().target?.focus();
      });
      const label = (target as HTMLInputElement | null)?.labels?.[0]?.textContent ?? field?.querySelector('legend')?.textContent ?? '';
      const message = field?.querySelector('.field__error')?.textContent ?? '';
      const lead = count === 1 ? 'One field needs fixing' : `${count} fields need fixing`;
      setAnnouncement(`${lead}. ${label ? `${label}: ` : ''}${message}`.trim());
    });
  }, []);
  const clear = useCallback(() => setAnnouncement(''), []);
  return { formRef, announcement, showProblems, clear };
}
