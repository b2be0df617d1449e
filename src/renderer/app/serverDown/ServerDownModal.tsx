import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { MESSAGES } from '../../../shared/messages';
import { backendInfoAtom } from '../boot/boot.atoms';
import { HEALTH_POLL_DOWN_MS } from './healthCheck';
import { useHealthWatch } from './useHealthWatch';
import './serverDown.css';

/** Shown while the back end cannot be reached; says so, keeps retrying, and closes by itself. */
export function ServerDownModal() {
  const { down, attempts, lastCheckedAt, checkNow } = useHealthWatch();
  const backend = useAtomValue(backendInfoAtom);
  const retryRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (down) retryRef.current?.focus();
  }, [down]);

  if (!down) return null;
  const seconds = Math.round(HEALTH_POLL_DOWN_MS / 1000);
  return (
    <div className="modal-backdrop">
      <div className="modal server-down" role="alertdialog" aria-modal="true" aria-labelledby="server-down-title" aria-describedby="server-down-body">
        <div className="server-down__pulse" aria-hidden="true" />
        <h2 id="server-down-title" className="modal__title">{MESSAGES.serverDown}</h2>
        <div id="server-down-body" className="modal__body">
          <p>
            Reelscope is retrying every {seconds} seconds and will continue by itself as soon as the server answers.
            What you have on screen is kept.
          </p>
          {backend && (
            <p className="server-down__where">
              {backend.mode === 'embedded' ? 'Built-in server' : 'Hosted server'} at <code>{backend.origin}</code>
              {backend.error ? ` — ${backend.error}` : ''}
            </p>
          )}
          <p className="server-down__status" role="status">
            {lastCheckedAt ? `Last checked at ${lastCheckedAt.toLocaleTimeString()}` : 'Checking…'}
            {attempts > 0 ? ` · ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}` : ''}
          </p>
        </div>
        <div className="modal__actions">
          <button ref={retryRef} type="button" className="btn btn--primary" onClick={checkNow}>
            Retry now
          </button>
        </div>
      </div>
    </div>
  );
}
