import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a move to another screen, puts keyboard focus on the new screen's heading (or, before it has one, its main
 * region), as a page load would place a reader at the content: otherwise focus falls back to the document's start
 * and a keyboard user tabs through the whole navigation again to reach the screen. The first screen of a visit is
 * left alone (the sign-in form and the skip link stay first), and so are changes of the query alone (a list's page,
 * sort or filters), where the user is still working in the screen.
 */
export function useFocusOnNavigate(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    // One frame on, so the new screen has rendered its heading.
    const frame = window.requestAnimationFrame(() => {
      const region = main.current;
      if (!region) return;
      // A dialog the new screen opened by itself (e.g. a flagged video's notice) keeps the focus it took.
      if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) return;
      const heading = region.querySelector<HTMLElement>('h1');
      const target = heading ?? region;
      if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      target.focus({ preventScroll: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [pathname, main]);
}
