import { useId } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { canDownload } from '../../../../shared/rules';

/** Said while the download itself is not built yet (it arrives with the desktop download service). */
export const DOWNLOAD_NOT_YET = 'Downloading videos from the popup is not available yet.';

/**
 * The popup's download icon. YouTube and TikTok videos cannot be downloaded (spec §5 hover text); for the others
 * the download is not wired yet, and the button says so instead of pretending. It stays focusable (aria-disabled)
 * so keyboard and screen-reader users hear the reason too.
 */
export function DownloadButton({ platform }: { platform: string }) {
  const reasonId = useId();
  const reason = canDownload(platform) ? DOWNLOAD_NOT_YET : MESSAGES.downloadUnsupported;
  return (
    <span className="video-popup__download">
      <button
        type="button"
        className="btn btn--small btn--ghost video-popup__icon-button"
        aria-disabled="true"
        aria-label="Download video"
        aria-describedby={reasonId}
        title={reason}
        data-testid="popup-download"
        onClick={(event) => event.preventDefault()}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" />
        </svg>
      </button>
      <span id={reasonId} className="visually-hidden">
        {reason}
      </span>
    </span>
  );
}
