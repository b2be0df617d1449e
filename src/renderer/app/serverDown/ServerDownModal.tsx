import { formatTimeOfDay } from '../../lib/format';
import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { MESSAGES } from '../../../shared/messages';
import { backendInfoAtom } from '../boot/boot.atoms';
import { HEALTH_POLL_DOWN_MS } from './healthCheck';
import { OFFLINE_LIBRARY_PATH, openOfflineLibrary, useHashPath } from './useHashPath';
import { useHealthWatch } from './useHealthWatch';
import './serverDown.css';

/**
 * Shown while the back end cannot be reached; says so, keeps retrying, closes by itself, and offers the offline
 * library (which needs no server; there the modal gives way to a status line).
 */
export function ServerDownModal() {
  const { down, attempts, lastCheckedAt, checkNow } = useHealthWatch();
  const backend = useAtomValue(backendInfoAtom);
  const retryRef = useRef<HTMLButtonElement>(null);
  const onLibrary = useHashPath().startsWith(OFFLINE_LIBRARY_PATH);

  useEffect(() => {
    if (down && !onLibrary) retryRef.current?.focus();
  }, [down, onLibrary]);

  if (!down) return null;
  const seconds = Math.round(HEALTH_POLL_DOWN_MS / 1000);
  // The offline library works without the server: a quiet status line instead of a modal over it.
  if (onLibrary) {
    return (
      <div className="server-down-strip" role="status" data-testid="server-down-strip">
        <span className="server-down-strip__dot" aria-hidden="true" />
        <span>
          {MESSAGES.serverDown} You are working offline; Reelscope retries every {seconds} seconds.
        </span>
        <button type="button" className="btn btn--small" onClick={checkNow}>
          Retry now
        </button>
      </div>
    );
  }
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
            {lastCheckedAt ? `Last checked at ${formatTimeOfDay(lastCheckedAt)}` : 'Checking…'}
            {attempts > 0 ? ` · ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}` : ''}
          </p>
        </div>
        <div className="modal__actions">
          <button type="button" className="btn" onClick={openOfflineLibrary}>
            Open offline library
          </button>
          <button ref={retryRef} type="button" className="btn btn--primary" onClick={checkNow}>
            Retry now
          </button>
        </div>
      </div>
    </div>
  );
}
