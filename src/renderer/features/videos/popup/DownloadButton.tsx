import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Platform } from '../../../../shared/constants';
import { downloadRefusal } from '../../../../shared/rules/videos';
import { useVideoDownload } from '../../downloads';
import { savedVideoPath, useSavedVideo } from '../../library';

interface DownloadButtonProps {
  videoId: string;
  title: string;
  platform: Platform;
  /** popup: the icon only; detail: icon and label. */
  variant?: 'popup' | 'detail';
}

/**
 * The download icon of the popup and the detail header: asks the host to download the video (downloads.start);
 * progress shows in the transfers tray. YouTube and TikTok videos cannot be downloaded (spec §5 hover text); the
 * button then stays focusable (aria-disabled) so keyboard and screen-reader users hear the reason too. A second click
 * while the download runs is ignored. A video already saved on this computer offers to open that copy instead of a
 * second download.
 */
export function DownloadButton({ videoId, title, platform, variant = 'popup' }: DownloadButtonProps) {
  const reasonId = useId();
  const refusal = downloadRefusal(platform);
  const allowed = refusal === null;
  const { active, busy, start } = useVideoDownload(allowed ? { videoId, title, platform } : null);
  const saved = useSavedVideo(allowed ? videoId : null);
  const navigate = useNavigate();
  if (saved && !busy) return <OpenSavedButton variant={variant} onOpen={() => void navigate(savedVideoPath(videoId))} />;
  const percent = active?.total ? Math.round((active.bytes / active.total) * 100) : null;
  const reason = refusal !== null ? refusal : busy ? `Downloading${percent === null ? '…' : ` (${percent}%)`}` : 'Download the video to this computer';
  const disabled = !allowed || busy;
  return (
    <span className="video-popup__download">
      <button
        type="button"
        className={variant === 'popup' ? 'btn btn--small btn--ghost video-popup__icon-button' : 'btn btn--small'}
        aria-disabled={disabled ? 'true' : undefined}
        aria-busy={busy || undefined}
        aria-label={variant === 'popup' ? 'Download video' : undefined}
        aria-describedby={reasonId}
        title={reason}
        data-testid={variant === 'popup' ? 'popup-download' : 'detail-download'}
        onClick={(event) => {
          event.preventDefault();
          if (!disabled) start();
        }}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" />
        </svg>
        {variant === 'detail' && (busy ? `Downloading${percent === null ? '…' : ` ${percent}%`}` : 'Download video')}
      </button>
      <span id={reasonId} className="visually-hidden">
        {reason}
      </span>
    </span>
  );
}

/** The offline copy of a video already downloaded: open it in the library rather than download it again. */
function OpenSavedButton({ variant, onOpen }: { variant: 'popup' | 'detail'; onOpen: () => void }) {
  const hint = 'Already saved on this computer: open it in the offline library';
  return (
    <span className="video-popup__download">
      <button
        type="button"
        className={variant === 'popup' ? 'btn btn--small btn--ghost video-popup__icon-button' : 'btn btn--small'}
        aria-label={variant === 'popup' ? 'Open the offline copy' : undefined}
        title={hint}
        data-testid={variant === 'popup' ? 'popup-open-offline' : 'detail-open-offline'}
        onClick={onOpen}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M5 12.5 10 17l9-10" />
        </svg>
        {variant === 'detail' && 'Open offline copy'}
      </button>
    </span>
  );
}
