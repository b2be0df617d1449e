import { useEffect, useId } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { pushBannerAtom } from '../../ui/banner';
import { ACTIVE_DOWNLOAD_STATES, dismissAtom, trayEntriesAtom, trayExpandedAtom } from './downloads.atoms';
import { TrayEntryRow } from './TrayEntryRow';
import { useDownloadEvents } from './useDownloadEvents';
import './downloads.css';

/** How long the finished transfers stay open before the tray folds. */
const TRAY_FOLD_AFTER_MS = 5000;

/**
 * The transfers tray at the bottom inline-end corner: every download and transcript export of this run with its
 * progress and cancel. It stays out of the way (folds to one line) and is gone when there is nothing to show.
 */
export function DownloadsTray() {
  useDownloadEvents();
  const entries = useAtomValue(trayEntriesAtom);
  const [expanded, setExpanded] = useAtom(trayExpandedAtom);
  const dismiss = useSetAtom(dismissAtom);
  const banner = useSetAtom(pushBannerAtom);
  const listId = useId();
  const running = entries.filter((entry) => (entry.kind === 'download' ? ACTIVE_DOWNLOAD_STATES.has(entry.progress.state) : entry.progress.state === 'running'));
  // Once everything has finished the tray folds to its one-line header, so it does not sit over a table or a
  // transcript; the person opens it again with the header.
  const busy = running.length > 0;
  useEffect(() => {
    // A new transfer opens it again, so its progress is in view.
    if (busy) {
      setExpanded(true);
      return undefined;
    }
    const timer = window.setTimeout(() => setExpanded(false), TRAY_FOLD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [busy, setExpanded]);
  if (entries.length === 0) return null;

  const finished = entries.filter((entry) => !running.includes(entry));
  const summary = running.length > 0 ? `${running.length} running` : 'All done';

  return (
    <aside className="downloads-tray" aria-label="Downloads and exports" data-testid="downloads-tray">
      <div className="downloads-tray__header">
        <button type="button" className="downloads-tray__toggle" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
          <span className={`downloads-tray__chevron${expanded ? ' is-open' : ''}`} aria-hidden="true">
            ▸
          </span>
          Transfers <span className="downloads-tray__summary" aria-live="polite">· {summary}</span>
        </button>
        {finished.length > 0 && (
          <button type="button" className="btn btn--small btn--ghost" onClick={() => dismiss(finished.map((entry) => entry.id))}>
            Clear finished
          </button>
        )}
      </div>
      {expanded && (
        <ul id={listId} className="downloads-tray__list">
          {entries.map((entry) => (
            <TrayEntryRow key={entry.id} entry={entry} onError={(text) => banner(text, 'error')} />
          ))}
        </ul>
      )}
    </aside>
  );
}
