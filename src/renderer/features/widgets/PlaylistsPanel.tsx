import { useCallback, useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import type { Playlist, Widget } from '../../../shared/http/widgets.schemas';
import { countLabel } from '../../../shared/rules/formatting';
import { formatDate } from '../../lib/format';
import { toFailure } from '../../lib/httpFailure';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { ConfirmDialog, FormDialog, RenameDialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/page';
import { RemoteView } from '../../ui/remote';
import type { BuilderVideo } from './builder/builderForm';
import { OrderedVideos } from './builder/OrderedVideos';
import { VideoPickerDialog } from './builder/VideoPickerDialog';
import { useMyRole } from '../team';
import type { MetricsApi, Who } from './widgets.api';

type Draft = { _id?: string; title: string; videos: Playlist['videos']; widget_ids: string[] };
type Together = { playlists: Playlist[]; widgets: Widget[] };

/** Playlists (spec §2): ordered videos, renamed, attached to widgets (a tab of each widget it is attached to). */
export function PlaylistsPanel({ who, calls }: { who: Who; calls: MetricsApi }) {
  const list = useRemoteQuery(`playlists|${who.brand_id}`, useCallback(async () => {
    const [playlists, widgets] = await Promise.all([calls.playlists(), calls.widgets()]);
    return { data: { playlists: playlists.data, widgets: widgets.data } satisfies Together, status: 200 };
  }, [calls]));
  const [editing, setEditing] = useState<Draft | null>(null);
  const [renaming, setRenaming] = useState<Playlist | null>(null);
  const [deleting, setDeleting] = useState<Playlist | null>(null);
  const canDelete = useMyRole() !== 'member';
  const save = (playlist: Draft) => calls.savePlaylist({ ...(playlist._id ? { _id: playlist._id } : {}), title: playlist.title, video_ids: playlist.videos.map((v) => v.video_id), widget_ids: playlist.widget_ids });
  return (
    <>
      <div className="widgets-toolbar">
        <button type="button" className="btn btn--primary" onClick={() => setEditing({ title: '', videos: [], widget_ids: [] })}>New playlist</button>
      </div>
      <RemoteView state={list.state} what="your playlists" onRetry={list.reload}>
        {({ playlists, widgets }) => playlists.length === 0
          ? <EmptyState title="No playlists yet">A playlist groups videos in an order; attached to a widget, it becomes one of the widget's tabs.</EmptyState>
          : (
            <ul className="playlist-list" aria-label="Playlists">
              {playlists.map((playlist) => (
                <li key={playlist._id} className="card playlist-card">
                  <div>
                    <h2 className="widget-card__title">{playlist.title}</h2>
                    <p className="field__hint">
                      {countLabel(playlist.videos.length, 'video')} · {playlist.widget_ids.length === 0 ? 'not attached' : `attached to ${playlist.widget_ids.map((id) => widgets.find((w) => w._id === id)?.title ?? id).join(', ')}`} · updated {formatDate(playlist.updated_at)}
                    </p>
                  </div>
                  <div className="widget-card__actions">
                    <button type="button" className="btn btn--small" onClick={() => setEditing({ ...playlist })}>Edit</button>
                    <button type="button" className="btn btn--small" onClick={() => setRenaming(playlist)}>Rename</button>
                    {canDelete && <button type="button" className="btn btn--small" onClick={() => setDeleting(playlist)} aria-label={`Delete ${playlist.title}`}>Delete</button>}
                  </div>
                </li>
              ))}
            </ul>
          )}
      </RemoteView>
      {editing && list.state.phase === 'success' && (
        <PlaylistDialog who={who} draft={editing} widgets={list.state.body.widgets} save={save} onClose={(done) => { setEditing(null); if (done) list.reload(); }} />
      )}
      {renaming && (
        <RenameDialog title="Rename playlist" current={renaming.title} maxLength={120} blankMessage="A playlist needs a title."
          save={async (title) => {
            try {
              await save({ ...renaming, title });
            } catch (failure) {
              throw new Error(`${MESSAGES.playlistFailed} ${toFailure(failure).error}`, { cause: failure });
            }
          }}
          onClose={(done) => { setRenaming(null); if (done) list.reload(); }} />
      )}
      {deleting && (
        <ConfirmDialog title="Delete playlist?" question={<>Delete “{deleting.title}”? Its videos stay in your library and in their widgets.</>}
          onConfirm={async () => { await calls.deletePlaylist(deleting._id); return `“${deleting.title}” was deleted.`; }}
          onClose={(done) => { setDeleting(null); if (done) list.reload(); }} />
      )}
    </>
  );
}

interface DialogProps { who: Who; draft: Draft; widgets: Widget[]; save: (draft: Draft) => Promise<Playlist>; onClose: (done: boolean) => void }

function PlaylistDialog({ who, draft: initial, widgets, save, onClose }: DialogProps) {
  const [draft, setDraft] = useState(initial);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (draft.title.trim() === '') return setError('A playlist needs a title.');
    setBusy(true);
    setError(null);
    try {
      await save(draft);
      onClose(true);
    } catch (failure) {
      setError(`${MESSAGES.playlistFailed} ${toFailure(failure).error}`);
      setBusy(false);
    }
  };
  const videos = draft.videos;
  return (
    <FormDialog title={initial._id ? 'Edit playlist' : 'New playlist'} submitLabel={initial._id ? 'Save playlist' : 'Create playlist'} busy={busy} error={error}
      onSubmit={() => void submit()} onClose={() => onClose(false)} size="wide">
      <label className="field">
        <span className="field__label">Title</span>
        <input className="input" value={draft.title} maxLength={120} required onChange={(event) => setDraft({ ...draft, title: event.target.value })} />
      </label>
      <div className="card__header">
        <h3 className="card__title">Videos ({videos.length})</h3>
        <button type="button" className="btn" onClick={() => setPicking(true)}>Choose videos</button>
      </div>
      {videos.length === 0 ? <p className="empty-note">No video yet.</p> : (
        <OrderedVideos videos={videos} onChange={(next) => setDraft({ ...draft, videos: next })} />
      )}
      <fieldset className="check-row">
        <legend>Attached to</legend>
        {widgets.length === 0 ? <span className="field__hint">No widget yet.</span> : widgets.map((widget) => (
          <label key={widget._id}>
            <input type="checkbox" checked={draft.widget_ids.includes(widget._id)}
              onChange={() => setDraft({ ...draft, widget_ids: draft.widget_ids.includes(widget._id) ? draft.widget_ids.filter((id) => id !== widget._id) : [...draft.widget_ids, widget._id] })} /> {widget.title}
          </label>
        ))}
      </fieldset>
      {picking && <VideoPickerDialog who={who} chosen={videos.map((v) => v.video_id)} onClose={() => setPicking(false)}
        onAdd={(added: BuilderVideo[]) => { setDraft({ ...draft, videos: [...videos, ...added.map(({ video_id, title, thumbnail_url }) => ({ video_id, title, thumbnail_url }))] }); setPicking(false); }} />}
    </FormDialog>
  );
}
