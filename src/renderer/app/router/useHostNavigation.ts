import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { host } from '../../host/hostClient';

/** Puts the focus into the first search box of the screen once it has rendered (it may still be loading). */
function focusSearchSoon(attempts = 20): void {
  const input = document.querySelector<HTMLInputElement>('#main-content input[type="search"]');
  if (input) {
    input.focus();
    input.select();
    return;
  }
  if (attempts > 0) window.setTimeout(() => focusSearchSoon(attempts - 1), 100);
}

/**
 * Follows the host's app.navigate requests (native menu shortcuts, reelscope:// deep links). The path is checked
 * against the contract (a route, never a URL) before it gets here.
 */
export function useHostNavigation(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      host().on('app.navigate', ({ path, focus }) => {
        void navigate(path);
        if (focus === 'search') window.setTimeout(() => focusSearchSoon(), 0);
      }),
    [navigate],
  );
}
