import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { VideoDetail } from '../../../../shared/http/videos.schemas';
import { useServices } from '../../../app/useServices';
import { toFailure } from '../../../lib/httpFailure';
import { pushBannerAtom } from '../../../ui/banner';
import { EmptyState } from '../../../ui/page';
import type { VideoPlayerHandle } from '../../../ui/player';
import { VideoPlayer } from '../../../ui/player';
import { loadVideoListAtom, videoListSlice } from '../list/videoList.atoms';
import type { Identity } from '../videos.api';
import { DownloadButton } from '../popup/DownloadButton';
import { MessageCreatorButton } from '../../chat';
import { LicenseVideoButton } from '../../licensing';
import { AnalysisStatusPanel } from './AnalysisStatusPanel';
import { DetailActions } from './DetailActions';
import { DetailBadges } from './DetailBadges';
import { DetailTabs } from './DetailTabs';
import { FlaggedNotice } from './FlaggedNotice';
import { RemoteView } from '../../../ui/remote';
import { TitleEditor } from './TitleEditor';
import { useRemoteSlice } from '../../../lib/useRemoteSlice';
import { useStartAt } from './useStartAt';
import { useVideoIdentity } from './useVideoIdentity';
import { createVideoDetailSlices } from './videoDetail.atoms';
import { fetchMyOrCompetitor, fetchVideoDetail } from './videoDetail.api';
import { useRefetchOnChange } from '../../../lib/liveChanges';
import './detail.css';

/** How often a video under analysis is read again. */
const ANALYSIS_REFRESH_MS = 4000;

/** /videos/:id — the video analysis detail (spec §2). */
export function VideoDetailScreen() {
  const { id = '' } = useParams();
  const who = useVideoIdentity();
  if (!who) {
    return (
      <EmptyState icon="brand" title="Choose a brand first">
        Videos belong to a brand. Pick one in the brand switch at the top to see its videos.
      </EmptyState>
    );
  }
  // A new id is a new view: its slices and local state start afresh.
  return <VideoDetailView key={`${id}:${who.brand_id}`} id={id} who={who} />;
}

function VideoDetailView({ id, who }: { id: string; who: Identity }) {
  const { api, backend } = useServices();
  const store = useStore();
  const navigate = useNavigate();
  // Updates of this detail also replace the video in the loaded list (spec §4).
  const slices = useMemo(() => createVideoDetailSlices(videoListSlice), []);
  const detailRequest = useCallback(() => fetchVideoDetail(api.main, who, id), [api, who, id]);
  const identifyRequest = useCallback(() => fetchMyOrCompetitor(api.main, who, id), [api, who, id]);
  const { state, reload } = useRemoteSlice(slices.detail, detailRequest);
  const { state: identify } = useRemoteSlice(slices.identify, identifyRequest);
  const update = useSetAtom(slices.detail.update);
  const onVideoChanged = useCallback((video: VideoDetail) => update(video), [update]);
  const playerRef = useRef<VideoPlayerHandle>(null);
  const [noticeClosed, setNoticeClosed] = useState(false);

  const pushBanner = useSetAtom(pushBannerAtom);
  // A refresh keeps the page on screen (no loading state); a failure says so and leaves the shown video as it was.
  const refresh = useCallback(async (quiet = false) => {
    try {
      const response = await detailRequest();
      update(response.data);
    } catch (error) {
      // The background check during an analysis stays quiet; it simply tries again next time.
      if (!quiet) pushBanner(`The video could not be refreshed: ${toFailure(error).error}`, 'error');
    }
  }, [detailRequest, update, pushBanner]);

  // A change to this video arrives live (a teammate's flag or edit, its analysis ending, a publish job, a license).
  useRefetchOnChange(['video', 'flag', 'favorite', 'trash', 'label', 'analysis', 'publish', 'license', 'campaign'], () => refresh(true), (change) => change.video_id === id);

  // While the video is being analysed, look again now and then so the page shows the result when it is ready.
  const processing = state.phase === 'success' && state.body.analysis_stage !== 'completed';
  useEffect(() => {
    if (!processing) return undefined;
    const timer = window.setInterval(() => void refresh(true), ANALYSIS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [processing, refresh]);

  // A cited moment (`?t=`, from a report PDF's link) plays from there.
  useStartAt(playerRef, state.phase === 'success');

  const quietRefresh = useCallback(() => void refresh(true), [refresh]);

  const onSeek = useCallback((seconds: number) => {
    playerRef.current?.seek(seconds);
  }, []);

  const closeNotice = () => {
    setNoticeClosed(true);
    // Spec §2: closing the flagged notice on a detail page returns to /videos and refetches the list.
    void store.set(loadVideoListAtom, api.main, { force: true });
    void navigate('/videos');
  };

  return (
    <div className="page video-detail">
      <nav className="video-detail__back" aria-label="Breadcrumb">
        <Link to="/videos">
          <span className="video-detail__arrow" aria-hidden="true">←</span> Videos
        </Link>
      </nav>
      <RemoteView state={state} what="this video" onRetry={() => void reload()}>
        {(video) => {
          const own = identify.phase === 'success' ? identify.body.type === 'my' : !video.is_competitor;
          return (
            <>
              <header className="detail-header">
                <div className="detail-header__main">
                  <TitleEditor key={`${video.title}|${video.creator_name ?? ''}`} video={video} who={who} canEdit={own} onSaved={onVideoChanged} />
                  <DetailBadges video={video} identify={identify} />
                </div>
                <div className="detail-header__tools">
                  <DownloadButton videoId={video._id} title={video.title} platform={video.platform} variant="detail" />
                  {own && <LicenseVideoButton who={who} video={video} />}
                  {video.creator_id && <MessageCreatorButton creatorId={video.creator_id} name={video.creator_name ?? 'the creator'} className="btn btn--small" />}
                  <DetailActions video={video} who={who} own={own} onChanged={onVideoChanged} onReload={() => void refresh()} />
                </div>
              </header>
              <AnalysisStatusPanel video={video} who={who} own={own} onReload={quietRefresh} />
              <div className="detail-body">
                <div className="detail-body__player">
                  <VideoPlayer ref={playerRef} video={video} mediaOrigin={backend.origin} variant="detail" />
                </div>
                <DetailTabs video={video} who={who} slices={slices} onSeek={onSeek} onVideoChanged={onVideoChanged} />
              </div>
              {video.is_flagged && !noticeClosed && <FlaggedNotice reason={video.flag_reason} flaggedBy={video.flagged_by} flaggedAt={video.flagged_at} onClose={closeNotice} onStay={() => setNoticeClosed(true)} />}
            </>
          );
        }}
      </RemoteView>
    </div>
  );
}
