import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import type { VideoDetail } from '../../../../shared/http/videos.schemas';
import { useServices } from '../../../app/useServices';
import { toFailure } from '../../../lib/httpFailure';
import { pushBannerAtom } from '../../../ui/banner';
import { TextField } from '../../../ui/form';
import type { Identity } from '../videos.api';
import { updateTitleAndCreator } from './videoDetail.api';

interface TitleEditorProps {
  video: VideoDetail;
  who: Identity;
  /** Only the brand's own videos can be renamed. */
  canEdit: boolean;
  onSaved: (video: VideoDetail) => void;
}

/** The video title and creator name, with an inline edit (PUT update_video_title_and_creator_name). */
export function TitleEditor({ video, who, canEdit, onSaved }: TitleEditorProps) {
  const { api } = useServices();
  const pushBanner = useSetAtom(pushBannerAtom);
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(video.title);
  const [creator, setCreator] = useState(video.creator_name ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    setTitle(video.title);
    setCreator(video.creator_name ?? '');
    setError(null);
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') {
      setError('A title is required.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const updated = await updateTitleAndCreator(api.main, who, video._id, title.trim(), creator.trim() || null);
      onSaved(updated);
      setEditing(false);
      pushBanner('Title and creator name saved.', 'success');
    } catch (failure) {
      // The typed values stay in the form so nothing is lost; the person can retry.
      setError(`The title could not be saved: ${toFailure(failure).error}`);
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <div className="detail-title">
        <h1 className="detail-title__text" data-testid="video-title">
          {video.title}
        </h1>
        <p className="detail-title__creator">
          {video.creator_name ? `By ${video.creator_name}` : 'Creator unknown'} · {video.manufacturerName}
        </p>
        {canEdit && (
          <button type="button" className="btn btn--small btn--ghost detail-title__edit" onClick={open}>
            Edit title and creator
          </button>
        )}
      </div>
    );
  }
  return (
    <form
      className="detail-title-form"
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) setEditing(false);
      }}
      aria-label="Edit title and creator"
    >
      <TextField label="Title" value={title} maxLength={300} onChange={(event) => setTitle(event.target.value)} autoFocus required />
      <TextField label="Creator name" value={creator} maxLength={200} onChange={(event) => setCreator(event.target.value)} />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="detail-title-form__actions">
        <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn btn--small" disabled={busy} onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
