import { Link } from 'react-router-dom';
import type { DownloadProgress, ExportProgress } from '../../../shared/ipc/desktop.schemas';
import type { TrayEntry } from './downloads.atoms';
import { downloadsHost } from './downloads.host';
import { formatBytes } from '../../lib/format';
import { fractionOf } from './format';
import { ProgressBar } from './ProgressBar';

const DOWNLOAD_STATE_TEXT: Record<DownloadProgress['state'], string> = {
  queued: 'Waiting to start',
  running: 'Downloading',
  completed: 'Downloaded',
  failed: 'Failed',
  canceled: 'Canceled',
};

function DownloadRow({ progress, onError }: { progress: DownloadProgress; onError: (text: string) => void }) {
  const running = progress.state === 'running' || progress.state === 'queued';
  const sizes = progress.total === null ? formatBytes(progress.bytes) : `${formatBytes(progress.bytes)} of ${formatBytes(progress.total)}`;
  const detail = running
    ? `${sizes}${progress.bytesPerSecond > 0 ? ` · ${formatBytes(progress.bytesPerSecond)}/s` : ''}`
    : progress.state === 'failed'
      ? (progress.error ?? 'Try again from the video.')
      : progress.state === 'completed' && progress.total !== null
        ? formatBytes(progress.total)
        : '';
  const tone = progress.state === 'failed' ? 'danger' : progress.state === 'completed' ? 'success' : 'default';
  const fraction = progress.state === 'completed' ? 1 : fractionOf(progress.bytes, progress.total);
  return (
    <li className="tray-entry" data-testid="tray-download" data-state={progress.state}>
      <div className="tray-entry__head">
        <bdi className="tray-entry__title">{progress.title}</bdi>
        <span className="tray-entry__state">{DOWNLOAD_STATE_TEXT[progress.state]}</span>
      </div>
      {progress.state !== 'canceled' && <ProgressBar fraction={fraction} label={`Download of ${progress.title}`} tone={tone} />}
      <div className="tray-entry__foot">
        <bdi className="tray-entry__detail">{detail}</bdi>
        {running && (
          <button
            type="button"
            className="btn btn--small btn--ghost"
            aria-label={`Cancel download of ${progress.title}`}
            onClick={() => downloadsHost.cancel(progress.downloadId).catch((e: unknown) => onError(String(e)))}
          >
            Cancel
          </button>
        )}
        {progress.state === 'completed' && progress.filePath && downloadsHost.canShowInFolder() && (
          <button type="button" className="btn btn--small btn--ghost" onClick={() => downloadsHost.showInFolder(progress.filePath ?? '').catch((e: unknown) => onError(String(e)))}>
            Show in folder
          </button>
        )}
        {progress.state === 'completed' && (
          <Link className="btn btn--small btn--ghost" to={`/library?video=${encodeURIComponent(progress.videoId)}`}>
            Play offline
          </Link>
        )}
      </div>
    </li>
  );
}

function ExportRow({ progress, onError }: { progress: ExportProgress; onError: (text: string) => void }) {
  const running = progress.state === 'running';
  const fraction = progress.total > 0 ? progress.done / progress.total : null;
  const stateText = { running: 'Exporting transcripts', completed: 'Transcripts exported', failed: 'Export failed', canceled: 'Export canceled' }[progress.state];
  const tone = progress.state === 'failed' ? 'danger' : progress.state === 'completed' ? 'success' : 'default';
  return (
    <li className="tray-entry" data-testid="tray-export" data-state={progress.state}>
      <div className="tray-entry__head">
        <span className="tray-entry__title">{stateText}</span>
        <bdi className="tray-entry__state">
          {progress.done} of {progress.total}
        </bdi>
      </div>
      <ProgressBar fraction={progress.state === 'completed' ? 1 : fraction} label="Transcript export" tone={tone} />
      <div className="tray-entry__foot">
        <span className="tray-entry__detail" title={progress.directory}>
          {progress.state === 'failed' ? (progress.error ?? 'Try again.') : <bdi dir="ltr">{progress.directory}</bdi>}
        </span>
        {running && (
          <button
            type="button"
            className="btn btn--small btn--ghost"
            aria-label="Cancel transcript export"
            onClick={() => downloadsHost.cancelExport(progress.exportId).catch((e: unknown) => onError(String(e)))}
          >
            Cancel
          </button>
        )}
        {progress.state === 'completed' && (
          <Link className="btn btn--small btn--ghost" to="/library">
            Open library
          </Link>
        )}
      </div>
    </li>
  );
}

/** One line of the tray: a download or an export with its bar and the actions that fit its state. */
export function TrayEntryRow({ entry, onError }: { entry: TrayEntry; onError: (text: string) => void }) {
  return entry.kind === 'download' ? <DownloadRow progress={entry.progress} onError={onError} /> : <ExportRow progress={entry.progress} onError={onError} />;
}
