import { useState } from 'react';
import type { FormEvent } from 'react';
import type { UrlDetails } from '../../../shared/http/uploads.schemas';
import { platformLabel } from '../../../shared/labels';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { FormAlert, TextField } from '../../ui/form';
import type { UrlSource } from './uploads.api';
import { addLinkedVideo, previewUrl } from './uploads.api';
import { VideoThumb } from '../../ui/thumb';

const PLACEHOLDERS: Record<UrlSource, string> = {
  Youtube: 'https://www.youtube.com/watch?v=…',
  Tiktok: 'https://www.tiktok.com/@creator/video/…',
  Instagram: 'https://www.instagram.com/reel/…',
  Dropbox: 'https://www.dropbox.com/s/…/video.mp4',
  GoogleDrive: 'https://drive.google.com/file/d/…/view',
  url: 'example.com/video.mp4',
};

/** A link source: preview first (Instagram fetches details, the rest video-metadata), then add. */
export function UrlSourceForm({ source, onAdded }: { source: UrlSource; onAdded: (videoId: string, message: string) => void }) {
  const { api } = useServices();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [details, setDetails] = useState<UrlDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const preview = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (url.trim() === '') return setError('Paste a link to a video.');
    setBusy(true);
    setError(null);
    try {
      const found = await previewUrl(api.second, source, url);
      setDetails(found);
      setTitle(found.title);
      if (!found.supported) setError(found.message ?? 'This link cannot be added.');
    } catch (failure) {
      setDetails(null);
      setError(toFailure(failure).error);
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    if (!details) return;
    setBusy(true);
    try {
      const added = await addLinkedVideo(api, source, details, title.trim());
      onAdded(added.video._id, added.message);
    } catch (failure) {
      setError(toFailure(failure).error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="upload-url" onSubmit={(event) => void preview(event)} noValidate>
      <TextField label="Video link" value={url} placeholder={PLACEHOLDERS[source]} onChange={(event) => { setUrl(event.target.value); setDetails(null); }} hint="Copy the link from the address bar of the video's page." />
      {/* aria-disabled, not disabled: a disabled button drops keyboard focus out of the dialog. */}
      <button type="submit" className="btn" aria-disabled={busy}>
        {busy && !details ? 'Looking…' : source === 'Instagram' ? 'Fetch details' : 'Preview'}
      </button>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {details?.supported && (
        <div className="upload-url__preview" aria-label="Link preview">
          {details.thumbnail_url && <VideoThumb className="upload-url__thumb" src={details.thumbnail_url} title={details.title ?? ''} platform={details.platform} />}
          <dl>
            <dt>Platform</dt>
            <dd>{details.platform ? platformLabel(details.platform) : 'Link'}</dd>
            <dt>Link</dt>
            <dd className="upload-url__link">{details.url}</dd>
          </dl>
          <TextField label="Title" value={title} onChange={(event) => setTitle(event.target.value)} />
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void add()}>
            {busy ? 'Adding…' : 'Add video'}
          </button>
        </div>
      )}
    </form>
  );
}
