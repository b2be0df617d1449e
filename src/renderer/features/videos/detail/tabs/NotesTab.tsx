import { formatDateTime } from '../../../../lib/format';
import { useCallback, useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useServices } from '../../../../app/useServices';
import { toFailure } from '../../../../lib/httpFailure';
import { pushBannerAtom } from '../../../../ui/banner';
import { RemoteView } from '../../../../ui/remote';
import { useRemoteSlice } from '../../../../lib/useRemoteSlice';
import { fetchNote, saveNote } from '../videoDetail.api';
import type { DetailTabProps } from './tabProps';
import { useRefetchOnChange } from '../../../../lib/liveChanges';
import { teammateName } from '../../../live';
import { Authorship } from '../../../team';

/** The brand's note on this video: loaded, edited and saved (an empty note deletes it). */
export function NotesTab({ video, who, slices, onVideoChanged }: DetailTabProps) {
  const { api } = useServices();
  const pushBanner = useSetAtom(pushBannerAtom);
  const request = useCallback(() => fetchNote(api.main, who, video._id), [api, who, video._id]);
  const { state, reload, refresh } = useRemoteSlice(slices.note, request);
  const succeed = useSetAtom(slices.note.succeed);
  const saved = state.phase === 'success' ? (state.body.note?.content ?? '') : null;
  // null = nothing typed yet: the loaded note shows. Typed text is kept until it is saved.
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Who changed the note while the person was typing (their text is kept until they choose to load the new one).
  const [changedBy, setChangedBy] = useState<string | null>(null);
  const fieldId = useId();

  const text = draft ?? saved ?? '';
  const dirty = saved !== null && text !== saved;

  // A change to this note arrives live: the stored note is read again; typed text is never replaced, only offered.
  useRefetchOnChange(['note'], (change) => {
    const typing = draft !== null && draft !== saved;
    if (typing && change !== 'resync' && change.by?.user_id !== who.user_id) setChangedBy(teammateName(change));
    void refresh();
  }, (change) => change.target_kind === 'video' && change.target_id === video._id);
  const loadTheirs = () => {
    setDraft(null);
    setChangedBy(null);
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const body = await saveNote(api.main, who, video._id, text);
      succeed(body, 200);
      setDraft(null);
      setChangedBy(null);
      onVideoChanged({ ...video, has_note: body.note !== null });
      pushBanner(body.note ? 'Note saved.' : 'Note deleted.', 'success');
    } catch (failure) {
      setError(`The note could not be saved: ${toFailure(failure).error}. Your text is still here; try again.`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <RemoteView state={state} what="the note" onRetry={() => void reload()}>
      {(body) => (
        <div className="detail-stack">
          <label htmlFor={fieldId} className="detail-subtitle">
            Note on this video
          </label>
          {changedBy && (
            <div className="detail-note__teammate" role="status" data-testid="note-changed-notice">
              <span>{changedBy} changed this note while you were writing. Your text is kept until you choose.</span>
              <span className="detail-note__teammate-actions">
                <button type="button" className="btn btn--small btn--primary" onClick={loadTheirs}>
                  Load their version
                </button>
                <button type="button" className="btn btn--small" onClick={() => setChangedBy(null)}>
                  Keep mine
                </button>
              </span>
            </div>
          )}
          <textarea
            id={fieldId}
            className="input detail-note"
            rows={8}
            maxLength={10000}
            value={text}
            placeholder="Write what your team should know about this video."
            onChange={(event) => setDraft(event.target.value)}
            aria-describedby={`${fieldId}-status`}
          />
          <div className="detail-note__bar">
            <span id={`${fieldId}-status`} className="detail-muted" role="status">
              {saving ? 'Saving…' : dirty ? 'Unsaved changes' : body.note ? (
                body.note.updated_by ? <Authorship verb="Written" person={body.note.updated_by} at={body.note.updated_at} testId="note-author" /> : `Saved ${formatDateTime(body.note.updated_at)}`
              ) : 'No note yet'}
            </span>
            <button type="button" className="btn btn--small btn--primary" disabled={saving || !dirty} onClick={() => void save()}>
              Save note
            </button>
          </div>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </RemoteView>
  );
}
