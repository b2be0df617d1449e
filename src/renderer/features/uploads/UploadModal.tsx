import { useCallback, useId, useState } from 'react';
import { useAtom, useSetAtom, useStore } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { settingsAtom } from '../../app/boot/boot.atoms';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { pushBannerAtom } from '../../ui/banner/banner.atoms';
import { Modal } from '../../ui/dialog';
import { Tabs } from '../../ui/tabs';
import { OwnStorageForm } from './OwnStorageForm';
import type { UrlSource } from './uploads.api';
import { markFirstVideo } from './uploads.api';
import { uploadModalAtom } from './uploads.atoms';
import { UrlSourceForm } from './UrlSourceForm';
import './uploads.css';

type Source = 'own' | UrlSource;
const SOURCES: readonly { value: Source; label: string }[] = [
  { value: 'own', label: 'From your computer' },
  { value: 'Youtube', label: 'YouTube' },
  { value: 'Tiktok', label: 'TikTok' },
  { value: 'Instagram', label: 'Instagram' },
  { value: 'Dropbox', label: 'Dropbox' },
  { value: 'GoogleDrive', label: 'Google Drive' },
  { value: 'url', label: 'By URL' },
];

/** Add videos from every source of spec §1; after the first one the first-video tutorial starts on My Videos. */
export function UploadModal() {
  const [modal, setModal] = useAtom(uploadModalAtom);
  const [source, setSource] = useState<Source>('own');
  const { api } = useServices();
  const store = useStore();
  const pushBanner = useSetAtom(pushBannerAtom);
  const navigate = useNavigate();
  const panelId = useId();
  const close = useCallback(() => setModal({ open: false, files: [] }), [setModal]);

  const added = useCallback(
    (videoId: string, message: string) => {
      pushBanner(message, 'success');
      close();
      markFirstVideo(api.main, videoId)
        .then((settings) => {
          if (settings) store.set(settingsAtom, settings);
          if (settings?.markers.tutorialScreen === 'first-video') navigate('/videos');
        })
        .catch((error: unknown) => pushBanner(toFailure(error).error, 'error'));
    },
    [api.main, close, navigate, pushBanner, store],
  );

  return (
    <Modal title="Add videos" onDismiss={close}>
      <div className="upload-modal">
        <Tabs label="Video source" items={SOURCES} value={source} onChange={setSource} panelId={panelId} />
        <div id={panelId} role="tabpanel" className="upload-modal__panel">
          {source === 'own' ? (
            <OwnStorageForm initialFiles={modal.files} onUploaded={(videoId) => added(videoId, 'Upload complete. The analysis has started.')} />
          ) : (
            <UrlSourceForm key={source} source={source} onAdded={added} />
          )}
        </div>
      </div>
    </Modal>
  );
}
