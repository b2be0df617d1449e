import { useState } from 'react';
import type { LibraryItem } from '../../../shared/ipc/desktop.schemas';
import { Modal } from '../../ui/dialog';
import { libraryHost } from './library.host';

/** Removes an offline item: forget it only, or delete its file too. Failures stay in the dialog to act on. */
export function RemoveItemDialog({ item, onClose }: { item: LibraryItem; onClose: (removed: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async (deleteFile: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await libraryHost.remove(item.itemId, deleteFile);
      onClose(true);
    } catch (cause) {
      setError(`It could not be removed: ${cause instanceof Error ? cause.message : String(cause)}`);
      setBusy(false);
    }
  };
  return (
    <Modal
      title="Remove from the library"
      role="alertdialog"
      onDismiss={() => !busy && onClose(false)}
      actions={
        <>
          <button type="button" className="btn" disabled={busy} onClick={() => onClose(false)}>
            Keep
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => void remove(false)}>
            Remove, keep the file
          </button>
          <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void remove(true)}>
            Remove and delete the file
          </button>
        </>
      }
    >
      <p>
        Remove “<bdi>{item.title}</bdi>” from the offline library? Deleting the file cannot be undone.
      </p>
      {error && (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
