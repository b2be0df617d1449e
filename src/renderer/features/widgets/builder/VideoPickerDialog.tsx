import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { backendInfoAtom } from '../../../app/boot/boot.atoms';
import { resolveMediaUrl } from '../../../ui/player/playerSource';
import { useServices } from '../../../app/useServices';
import { useRemoteQuery } from '../../../lib/useRemoteQuery';
import { Modal } from '../../../ui/dialog';
import { Pager } from '../../../ui/pager';
import { RemoteView } from '../../../ui/remote';
import { fetchPlayableVideos, type Who } from '../widgets.api';
import type { BuilderVideo } from './builderForm';
import { VideoThumb } from '../../../ui/thumb';

interface Props {
  who: Who;
  /** Videos already in the carousel (shown ticked, not added twice). */
  chosen: readonly string[];
  onAdd: (videos: BuilderVideo[]) => void;
  onClose: () => void;
}

/** Picks the brand's playable videos (uploads in Reelscope storage or Google Drive) to add to a carousel, page by page. */
export function VideoPickerDialog({ who, chosen, onAdd, onClose }: Props) {
  const { api } = useServices();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<BuilderVideo[]>([]);
  const origin = useAtomValue(backendInfoAtom)?.origin ?? '';
  const list = useRemoteQuery(`widget-videos|${who.brand_id}|${search}|${page}`, useCallback(async () => {
    const data = await fetchPlayableVideos(api.main, who, search, page);
    return { data, status: 200 };
  }, [api, who, search, page]));
  const toggle = (video: BuilderVideo) => setPicked((current) => (current.some((v) => v.video_id === video.video_id) ? current.filter((v) => v.video_id !== video.video_id) : [...current, video]));
  return (
    <Modal title="Choose videos" onDismiss={onClose} size="wide" actions={<>
      <button type="button" className="btn" onClick={onClose}>Cancel</button>
      <button type="button" className="btn btn--primary" disabled={picked.length === 0} onClick={() => onAdd(picked)}>
        {picked.length === 0 ? "Add videos" : `Add ${picked.length} video${picked.length === 1 ? "" : "s"}`}
      </button>
    </>}>
      <p className="field__hint">Only videos kept in Reelscope storage or Google Drive can play inside a widget.</p>
      <label className="toolbar-field">
        <span>Search videos</span>
        <input className="input" type="search" value={search} maxLength={200} placeholder="Title or creator" onChange={(event) => { setSearch(event.target.value); setPage(1); }} />
      </label>
      <RemoteView state={list.state} what="your videos" onRetry={list.reload}>
        {(body) => body.videos.length === 0 ? <p className="empty-note">No playable video matches. Upload videos to Reelscope storage first.</p> : (
          <>
            <ul className="picker-list" aria-label="Playable videos">
              {body.videos.map((video) => {
                const already = chosen.includes(video._id);
                const item: BuilderVideo = { video_id: video._id, title: video.title, thumbnail_url: video.thumbnail_url ?? null, products: [] };
                return (
                  <li key={video._id}>
                    <label className={`picker-item${already ? ' picker-item--chosen' : ''}`}>
                      <input type="checkbox" checked={already || picked.some((v) => v.video_id === video._id)} disabled={already} onChange={() => toggle(item)} />
                      <VideoThumb src={video.thumbnail_url && resolveMediaUrl(video.thumbnail_url, origin)} title={video.title} platform={video.platform} />
                      <span>{video.title}{already && <span className="field__hint"> — in the carousel</span>}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
            <p className="field__hint">{body.data.count} playable videos</p>
            <Pager page={body.data.page} totalPages={body.data.totalPages} onPage={setPage} />
          </>
        )}
      </RemoteView>
    </Modal>
  );
}
