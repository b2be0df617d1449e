import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { TUTORIAL_TEXTS } from '../../../shared/messages';
import type { Tutorial } from './tutorials.content';

export interface TutorialCardProps {
  tutorial: Tutorial;
  step: number;
  onBack: () => void;
  onNext: () => void;
  onClose: () => void;
  /** first-video step 2: "Upload More Videos" opens the upload modal and ends the tutorial. */
  onUploadMore?: () => void;
}

/** Where the card goes: beside the step's target (at the inline end of it), else centred. */
function useAnchor(selector: string | undefined): { rect: DOMRect | null } {
  const [rect, setRect] = useState<DOMRect | null>(null);
  useLayoutEffect(() => {
    // Measured after layout and again on resize, so the card follows its target (side nav collapsed, RTL).
    const measure = () => {
      const element = selector ? document.querySelector(selector) : null;
      setRect(element ? element.getBoundingClientRect() : null);
    };
    const frame = requestAnimationFrame(measure);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
    };
  }, [selector]);
  return { rect };
}

/**
 * One tutorial step: a non-blocking dialog with the step counter, Back (hidden on step 1), Next or Done, and Close.
 * Focus moves to the card when a step appears; Escape closes it.
 */
export function TutorialCard({ tutorial, step, onBack, onNext, onClose, onUploadMore }: TutorialCardProps) {
  const current = tutorial.steps[step];
  const ref = useRef<HTMLDivElement>(null);
  const { rect } = useAnchor(current?.target);
  useEffect(() => ref.current?.focus(), [step, tutorial.name]);
  // Escape closes the tutorial wherever focus is, unless a dialog is open above it (that one closes first).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  if (!current) return null;
  const last = step === tutorial.steps.length - 1;
  const rtl = document.documentElement.dir === 'rtl';
  const style = rect
    ? { top: Math.max(16, rect.top), insetInlineStart: rtl ? window.innerWidth - rect.left + 16 : rect.right + 16 }
    : undefined;
  // A portal: the top bar (where the layer is mounted) makes a containing block that would offset fixed positions.
  return createPortal(
    <>
      {rect && <div className="tutorial-ring" aria-hidden="true" style={{ top: rect.top - 4, left: rect.left - 4, width: rect.width + 8, height: rect.height + 8 }} />}
      <div
        ref={ref}
        className={`tutorial-card${rect ? ' tutorial-card--anchored' : ''}`}
        style={style}
        role="dialog"
        aria-modal="false"
        aria-labelledby="tutorial-title"
        aria-describedby="tutorial-body"
        tabIndex={-1}
        data-tutorial={tutorial.name}
      >
        <div className="tutorial-card__head">
          <span className="tutorial-card__counter">
            Step {step + 1} of {tutorial.steps.length}
          </span>
          <button type="button" className="icon-button tutorial-card__close" aria-label="Close tutorial" onClick={onClose}>
            ×
          </button>
        </div>
        <h2 id="tutorial-title" className="tutorial-card__title">
          {current.title}
        </h2>
        <p id="tutorial-body" className="tutorial-card__body">
          {current.body}
        </p>
        <div className="tutorial-card__actions">
          {step > 0 && (
            <button type="button" className="btn btn--small" onClick={onBack}>
              Back
            </button>
          )}
          {last && onUploadMore && (
            <button type="button" className="btn btn--small" onClick={onUploadMore}>
              {TUTORIAL_TEXTS.uploadMoreVideos}
            </button>
          )}
          <button type="button" className="btn btn--small btn--primary" onClick={last ? onClose : onNext}>
            {last ? 'Done' : 'Next'}
          </button>
        </div>
      </div>
    </>,
    document.body,
  );
}
