import { useEffect, useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import { MESSAGES } from '../../../shared/messages';
import type { ExportFileType } from '../../../shared/ipc/desktop.schemas';
import { EXPORT_FILE_TYPES } from '../../../shared/ipc/desktop.schemas';
import { host } from '../../host/hostClient';
import { Modal } from '../../ui/dialog';
import { trayExpandedAtom, upsertExportAtom } from './downloads.atoms';
import { downloadsHost } from './downloads.host';

const TYPE_LABELS: Record<ExportFileType, string> = { pdf: 'PDF (one document per video)', txt: 'Plain text', csv: 'CSV (one row per line)' };

export interface ExportDialogProps {
  /** How many videos the export will cover, as the person sees it. */
  count: number;
  /** What they are ("the 3 selected videos", "all 120 videos matching the filters"). */
  scope: string;
  /** Answers the video ids at the moment the export starts (e.g. every id the filters match). */
  resolveIds: () => Promise<string[]>;
  onClose: () => void;
}

/** "Download all transcripts": choose the format (PDF by default, spec §3) and the folder, then export in the host. */
export function ExportDialog({ count, scope, resolveIds, onClose }: ExportDialogProps) {
  const [fileType, setFileType] = useState<ExportFileType>('pdf');
  const [directory, setDirectory] = useState<string | null>(null);
  const native = host().runtime === 'electron';
  const [busy, setBusy] = useState<'picking' | 'starting' | null>(native ? null : 'picking');
  const [error, setError] = useState<string | null>(null);
  const upsertExport = useSetAtom(upsertExportAtom);
  const setTrayExpanded = useSetAtom(trayExpandedAtom);
  const groupId = useId();

  const pick = async () => {
    setBusy('picking');
    setError(null);
    try {
      const picked = await downloadsHost.pickDirectory();
      if (picked) setDirectory(picked.path);
    } catch {
      setError(MESSAGES.directoryPickerFailed);
    } finally {
      setBusy(null);
    }
  };

  // A browser has no native picker: the web host answers its export folder at once, so fill it in.
  useEffect(() => {
    if (native) return;
    downloadsHost
      .pickDirectory()
      .then((picked) => picked && setDirectory(picked.path))
      .catch(() => setError(MESSAGES.directoryPickerFailed))
      .finally(() => setBusy(null));
  }, [native]);

  const start = async () => {
    if (!directory) return;
    setBusy('starting');
    setError(null);
    try {
      const ids = await resolveIds();
      if (ids.length === 0) throw new Error('No videos to export. Change the filters or the selection and try again.');
      const { exportId } = await downloadsHost.exportTranscripts(ids, directory, fileType);
      upsertExport({ exportId, done: 0, total: ids.length, state: 'running', directory });
      setTrayExpanded(true);
      onClose();
    } catch (cause) {
      setError(`The export could not start: ${cause instanceof Error ? cause.message : String(cause)}`);
      setBusy(null);
    }
  };

  return (
    <Modal
      title="Download all transcripts"
      onDismiss={() => busy !== 'starting' && onClose()}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy === 'starting'}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" disabled={!directory || busy !== null || count === 0} onClick={() => void start()}>
            {busy === 'starting' ? 'Starting…' : `Export ${count} transcript${count === 1 ? '' : 's'}`}
          </button>
        </>
      }
    >
      <div className="export-dialog" data-testid="export-dialog">
        <p>
          One file per video for {scope}. The export runs in the background; you can keep working and cancel it from the transfers tray.
        </p>
        <fieldset className="export-dialog__types" aria-describedby={groupId}>
          <legend>Format</legend>
          {EXPORT_FILE_TYPES.map((type) => (
            <label key={type} className="export-dialog__type">
              <input type="radio" name="export-file-type" value={type} checked={fileType === type} onChange={() => setFileType(type)} />
              <span>{TYPE_LABELS[type]}</span>
            </label>
          ))}
        </fieldset>
        <span id={groupId} className="visually-hidden">
          PDF is the default format.
        </span>
        <div className="export-dialog__folder">
          <span className="export-dialog__folder-label">Folder</span>
          <bdi dir="ltr" className="export-dialog__path" data-testid="export-folder">
            {directory ?? (busy === 'picking' ? 'Asking for a folder…' : 'No folder chosen yet')}
          </bdi>
          {native && (
            <button type="button" className="btn btn--small" disabled={busy !== null} onClick={() => void pick()}>
              {directory ? 'Change folder…' : 'Choose folder…'}
            </button>
          )}
        </div>
        {!native && <p className="export-dialog__hint">In the browser the files go to the app host’s export folder shown above.</p>}
        {error && (
          <p className="form-alert form-alert--error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
