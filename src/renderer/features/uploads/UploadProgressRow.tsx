import { formatBytes } from '../../lib/format';
import type { UploadProgress } from '../../../shared/ipc/uploads.schemas';

const PHASE_TEXT: Record<UploadProgress['phase'], string> = {
  waiting: 'Preparing…',
  subtitle: 'Sending subtitles…',
  video: 'Uploading…',
  done: 'Uploaded',
  failed: 'Upload failed',
  cancelled: 'Upload cancelled',
};

/** One upload: a progress bar with the bytes sent, cancel while it runs, retry after a failure or a cancel. */
export function UploadProgressRow({ progress, onCancel, onRetry }: { progress: UploadProgress; onCancel: () => void; onRetry: () => void }) {
  const percent = progress.total > 0 ? Math.round((progress.bytes / progress.total) * 100) : 0;
  const running = progress.phase === 'waiting' || progress.phase === 'subtitle' || progress.phase === 'video';
  return (
    <div className={`upload-row upload-row--${progress.phase}`} role="group" aria-label={`Upload of ${progress.fileName}`}>
      <div className="upload-row__head">
        <span className="upload-row__name" dir="auto">{progress.fileName}</span>
        <span className="upload-row__phase" aria-live="polite">
          {PHASE_TEXT[progress.phase]} {running ? `${percent}%` : ''}
        </span>
      </div>
      <progress className="upload-row__bar" max={100} value={progress.phase === 'done' ? 100 : percent} aria-label={`${progress.fileName} upload progress`}>
        {percent}%
      </progress>
      <p className="upload-row__detail">
        {formatBytes(progress.bytes)} of {formatBytes(progress.total)}
        {progress.message && progress.phase !== 'cancelled' ? ` · ${progress.message}` : ''}
      </p>
      {running && (
        <button type="button" className="btn btn--small" onClick={onCancel}>
          Cancel upload
        </button>
      )}
      {(progress.phase === 'failed' || progress.phase === 'cancelled') && (
        <button type="button" className="btn btn--small btn--primary" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
