import { useEffect, useState } from 'react';
import type { UpdateStatus } from '../../../shared/ipc/app.schemas';
import { host } from '../../host/hostClient';
import './updates.css';

/**
 * "Restart to update": shown once the desktop app has downloaded an update in the background. The app never restarts
 * by itself; the person chooses when (or closes the notice and the update installs when they next quit).
 */
export function UpdateNotice() {
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restarting, setRestarting] = useState(false);

  useEffect(() => {
    let alive = true;
    host()
      .invoke('updates.status')
      .then((value) => alive && setStatus(value))
      .catch(() => undefined);
    const off = host().on('updates.changed', setStatus);
    return () => {
      alive = false;
      off();
    };
  }, []);

  if (status?.state !== 'ready' || dismissed === status.version) return null;
  const restart = () => {
    setRestarting(true);
    setError(null);
    host()
      .invoke('updates.restart')
      .catch((cause: unknown) => {
        setError(cause instanceof Error ? cause.message : String(cause));
        setRestarting(false);
      });
  };
  return (
    <aside className="update-notice" aria-label="Update ready" data-testid="update-notice">
      <p className="update-notice__text">
        Reelscope <bdi>{status.version}</bdi> is ready. Restart when it suits you; what you are doing now is not interrupted.
      </p>
      {error && (
        <p className="update-notice__error" role="alert">
          The update could not be installed: {error}
        </p>
      )}
      <div className="update-notice__actions">
        <button type="button" className="btn btn--small btn--ghost" onClick={() => setDismissed(status.version)}>
          Later
        </button>
        <button type="button" className="btn btn--small btn--primary" disabled={restarting} onClick={restart}>
          {restarting ? 'Restarting…' : 'Restart to update'}
        </button>
      </div>
    </aside>
  );
}
