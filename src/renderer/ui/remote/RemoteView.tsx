import type { ReactNode } from 'react';
import type { RemoteState } from '../../lib/remoteSlice';

interface RemoteViewProps<Body> {
  state: RemoteState<Body>;
  /** What is loading, e.g. "the sentiment" (used in the loading and failure texts). */
  what: string;
  onRetry: () => void;
  children: (body: Body) => ReactNode;
}

/** Loading, failure (with what failed and a retry) or the loaded body of one remote slice. */
export function RemoteView<Body>({ state, what, onRetry, children }: RemoteViewProps<Body>) {
  if (state.phase === 'success') return <>{children(state.body)}</>;
  if (state.phase === 'failure') {
    return (
      <div className="remote-view remote-view--failed" role="alert">
        <p>
          Could not load {what}: {state.error}
        </p>
        <button type="button" className="btn btn--small" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="remote-view" role="status" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span>Loading {what}…</span>
    </div>
  );
}
