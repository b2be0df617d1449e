import { useEffect } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { host } from '../../host/hostClient';
import { UploadModal } from './UploadModal';
import { uploadModalAtom, uploadsAtom } from './uploads.atoms';

/**
 * Mounted once in the signed-in shell: keeps upload progress from the host (survives closing the modal), opens the
 * modal for files dropped anywhere on the window, and renders the modal while it is open.
 */
export function UploadLayer() {
  const [modal, setModal] = useAtom(uploadModalAtom);
  const setUploads = useSetAtom(uploadsAtom);

  useEffect(() => host().on('uploads.progress', (progress) => setUploads((all) => ({ ...all, [progress.uploadId]: progress }))), [setUploads]);

  useEffect(() => {
    const over = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      setModal({ open: true, files });
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [setModal]);

  return modal.open ? <UploadModal key={modal.files.map((file) => file.name).join('|')} /> : null;
}

/** The top bar's and the shortcuts' "Add videos" button. */
export function AddVideosButton({ className = 'btn btn--primary btn--small' }: { className?: string }) {
  const setModal = useSetAtom(uploadModalAtom);
  return (
    <button type="button" className={className} onClick={() => setModal({ open: true, files: [] })}>
      Add videos
    </button>
  );
}
