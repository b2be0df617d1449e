import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { TUTORIAL_TEXTS } from '../../../shared/messages';
import type { Tutorial } from './tutorials.content';
import { placeTutorialCard } from './tutorialPlacement';

export interface TutorialCardProps {
  tutorial: Tutorial;
  step: number;
  onBack: () => void;
  onNext: () => void;
  onClose: () => void;
  /** first-video step 2: "Upload More Videos" opens the upload modal and ends the tutorial. */
  onUploadMore?: () => void;
}

type Placement = { ring: DOMRect; top: number; left: number } | null;

/**
 * Where the card goes: next to the step's target (`placeTutorialCard`), whole inside the window; centred when the
 * step has no target on this page. The target is scrolled into view once per step (a step below the fold was out of
 * sight with nothing scrolling to it), and the placement follows scrolling, resizing and content that loads late.
 */
function usePlacement(selector: string | undefined, card: RefObject<HTMLDivElement | null>, stepKey: string): Placement {
  const [placement, setPlacement] = useState<Placement>(null);
  useLayoutEffect(() => {
    let scrolled = false;
    const measure = () => {
      const element = selector ? document.querySelector(selector) : null;
      const box = card.current;
      if (!element || !box) return setPlacement(null);
      const view = { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
      if (!scrolled) {
        scrolled = true;
        const first = element.getBoundingClientRect();
        if (first.top < 0 || first.bottom > view.height || first.left < 0 || first.right > view.width) {
          element.scrollIntoView({ block: first.height > view.height / 2 ? 'start' : 'center', inline: 'nearest' });
        }
      }
      const ring = element.getBoundingClientRect();
      const rtl = document.documentElement.dir === 'rtl';
      // The card stays below the sticky top bar, which it would otherwise cover.
      const topInset = Math.max(0, document.querySelector('.top-bar')?.getBoundingClientRect().bottom ?? 0);
      setPlacement({ ring, ...placeTutorialCard(ring, { width: box.offsetWidth, height: box.offsetHeight }, view, rtl, topInset) });
    };
    let frame = requestAnimationFrame(measure);
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    // The body grows as the page's data arrives (a target may appear or move); the card changes size between steps.
    // (Where ResizeObserver is missing, as in jsdom, window resizes and scrolls still move the card.)
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    sizes?.observe(document.body);
    if (card.current) sizes?.observe(card.current);
    // A tour started on its way to another page (the guide's Video analysis) finds its target only once that page has
    // rendered it, which need not resize the body: look again while the target is missing.
    const arrivals = selector ? new MutationObserver(() => {
      if (document.querySelector(selector)) {
        arrivals?.disconnect();
        later();
      }
    }) : null;
    if (!document.querySelector(selector ?? ':not(*)')) arrivals?.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', later);
    window.addEventListener('scroll', later, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      sizes?.disconnect();
      arrivals?.disconnect();
      window.removeEventListener('resize', later);
      window.removeEventListener('scroll', later, { capture: true });
    };
  }, [selector, card, stepKey]);
  return placement;
}

/** Gives focus back, when the card goes, to what had it when the card came (the user guide's button, say). */
function useReturnFocus(): void {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    return () => {
      // Without an opener (a tutorial the app started itself), focus goes to the page's main region, not the body.
      const back = opener?.isConnected ? opener : document.getElementById('main-content');
      back?.focus({ preventScroll: true });
    };
  }, []);
}

/**
 * One tutorial step: a non-blocking dialog with the step counter, Back (hidden on step 1), Next or Done, and Close.
 * Focus moves to the card when a step appears; Escape closes it, and focus goes back to where it came from.
 */
export function TutorialCard({ tutorial, step, onBack, onNext, onClose, onUploadMore }: TutorialCardProps) {
  const current = tutorial.steps[step];
  const ref = useRef<HTMLDivElement>(null);
  const placement = usePlacement(current?.target, ref, `${tutorial.name}:${step}`);
  useReturnFocus();
  useEffect(() => ref.current?.focus({ preventScroll: true }), [step, tutorial.name]);
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
  // Physical top/left (placeTutorialCard works in them); `right: auto` undoes the centring's inset-inline-start in RTL.
  const style = placement ? { top: placement.top, left: placement.left, right: 'auto' } : undefined;
  const rect = placement?.ring;
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
