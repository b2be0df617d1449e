import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { PLAYER_SIZES } from '../../../../shared/constants';
import { useServices } from '../../../app/useServices';
import { useFocusTrap } from '../../../ui/dialog';
import type { VideoPlayerHandle } from '../../../ui/player';
import { VideoPlayer } from '../../../ui/player';
import { TranscriptPanel } from '../../../ui/transcript';
import { linesOfTrack } from '../detail/transcriptTracks';
import { FlaggedNotice } from '../detail/FlaggedNotice';
import { RemoteView } from '../../../ui/remote';
import { useRemoteSlice } from '../../../lib/useRemoteSlice';
import { useVideoIdentity } from '../detail/useVideoIdentity';
import { useSeekTo } from '../detail/useStartAt';
import { createVideoDetailSlices } from '../detail/videoDetail.atoms';
import { fetchSentiment, fetchTranscript, fetchVideoDetail } from '../detail/videoDetail.api';
import { videoListSlice } from '../list/videoList.atoms';
import type { Identity } from '../videos.api';
import { DownloadButton } from './DownloadButton';
import { MessageCreatorButton } from '../../chat';
import { LicenseVideoButton } from '../../licensing';
import './popup.css';

export interface VideoPopupProps {
  videoId: string;
  /** Seconds to start at (an assistant citation), once the player is up. */
  startAt?: number;
  onClose: () => void;
}

const NO_IDENTITY: Identity = { brand_id: '', user_id: '' };

/** The video popup (spec §2): title, download icon, player, See Video Analysis, collapsible transcript. */
export function VideoPopup({ videoId, startAt, onClose }: VideoPopupProps) {
  const { api, backend } = useServices();
  const who = useVideoIdentity() ?? NO_IDENTITY;
  const navigate = useNavigate();
  const slices = useMemo(() => createVideoDetailSlices(videoListSlice), []);
  const detail = useRemoteSlice(slices.detail, useCallback(() => fetchVideoDetail(api.main, who, videoId), [api, who, videoId]));
  const transcript = useRemoteSlice(slices.transcript, useCallback(() => fetchTranscript(api.main, who, videoId), [api, who, videoId]));
  const sentiment = useRemoteSlice(slices.sentiment, useCallback(() => fetchSentiment(api.main, who, videoId), [api, who, videoId]));
  const playerRef = useRef<VideoPlayerHandle>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [noticeClosed, setNoticeClosed] = useState(false);
  const noticeOpen = detail.state.phase === 'success' && detail.state.body.is_flagged && !noticeClosed;
  // While the flagged notice is up, Escape belongs to it.
  const onEscape = useCallback(() => {
    if (!noticeOpen) onClose();
  }, [noticeOpen, onClose]);
  useFocusTrap(dialogRef, onEscape);

  useSeekTo(playerRef, detail.state.phase === 'success', startAt ?? null);

  const title = detail.state.phase === 'success' ? detail.state.body.title : 'Video';
  const transcriptState = transcript.state;
  const highlights = sentiment.state.phase === 'success' ? sentiment.state.body.highlights : [];
  // Said and written lines by time, each on-screen line marked as such (issue 41).
  const popupLines = useMemo(() => linesOfTrack(transcriptState.phase === 'success' ? transcriptState.body.transcription : [], 'all'), [transcriptState]);

  return createPortal(
    <div
      className="modal-backdrop video-popup__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !noticeOpen) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="video-popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ maxInlineSize: PLAYER_SIZES.popupMaxWidth }}
        data-testid="video-popup"
      >
        <header className="video-popup__header">
          <h2 id={titleId} className="video-popup__title">
            {title}
          </h2>
          {detail.state.phase === 'success' && (
            <DownloadButton videoId={detail.state.body._id} title={detail.state.body.title} platform={detail.state.body.platform} />
          )}
          {detail.state.phase === 'success' && !detail.state.body.is_competitor && who.brand_id !== '' && <LicenseVideoButton who={who} video={detail.state.body} />}
          {detail.state.phase === 'success' && detail.state.body.creator_id && who.brand_id !== '' && (
            <MessageCreatorButton creatorId={detail.state.body.creator_id} name={detail.state.body.creator_name ?? 'the creator'} className="btn btn--small" />
          )}
          <button type="button" className="btn btn--small btn--ghost video-popup__icon-button" aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">✕</span>
          </button>
        </header>
        <RemoteView state={detail.state} what="this video" onRetry={() => void detail.reload()}>
          {(video) => (
            <div className="video-popup__body">
              <div className="video-popup__player" style={{ maxInlineSize: PLAYER_SIZES.popupPlayer.width }}>
                <VideoPlayer ref={playerRef} video={video} mediaOrigin={backend.origin} variant="popup" />
              </div>
              <div className="video-popup__actions">
                <button
                  type="button"
                  className="btn btn--primary"
                  onClick={() => {
                    onClose();
                    void navigate(`/videos/${video._id}`);
                  }}
                >
                  See Video Analysis
                </button>
              </div>
              <TranscriptPanel
                collapsible
                defaultExpanded
                maxHeight={PLAYER_SIZES.transcriptPanelMaxHeight}
                lines={popupLines}
                markScreenLines
                highlights={highlights}
                loading={transcriptState.phase === 'loading' || transcriptState.phase === 'idle'}
                error={transcriptState.phase === 'failure' ? transcriptState.error : null}
                onRetry={() => void transcript.reload()}
                onSeek={(seconds) => playerRef.current?.seek(seconds)}
              />
            </div>
          )}
        </RemoteView>
      </div>
      {noticeOpen && <FlaggedNotice reason={detail.state.phase === 'success' ? detail.state.body.flag_reason : null} onClose={() => setNoticeClosed(true)} />}
    </div>,
    document.body,
  );
}
