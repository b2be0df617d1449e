import type { ReactNode } from 'react';
import type { RemoteState } from '../../lib/remoteSlice';
import { RemoteView } from '../../ui/remote';

interface HomePanelProps<Body> {
  title: string;
  /** What the panel holds, for its loading and failure texts ("the engagement"). */
  what: string;
  state: RemoteState<Body>;
  onRetry: () => void;
  /** True when the answer has nothing to show; the panel then says so instead of drawing an empty chart. */
  isEmpty?: (body: Body) => boolean;
  emptyText?: string;
  tools?: ReactNode;
  wide?: boolean;
  children: (body: Body) => ReactNode;
  id?: string;
}

/** One home panel: a titled card with its own loading, failure (retry) and empty states. */
export function HomePanel<Body>({ title, what, state, onRetry, isEmpty, emptyText, tools, wide, children, id }: HomePanelProps<Body>) {
  return (
    <section className={`home-panel${wide ? ' home-panel--wide' : ''}`} aria-label={title} id={id}>
      <header className="home-panel__header">
        <h2 className="home-panel__title">{title}</h2>
        {tools}
      </header>
      <RemoteView state={state} what={what} onRetry={onRetry}>
        {(body) => (isEmpty?.(body) ? <p className="home-panel__empty">{emptyText ?? 'Nothing in this period.'}</p> : children(body))}
      </RemoteView>
    </section>
  );
}
