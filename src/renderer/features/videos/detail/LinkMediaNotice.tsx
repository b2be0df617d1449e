import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { ANALYSIS_TEXTS } from '../../../../shared/analysisProgress';
import type { VideoStatusResponse } from '../../../../shared/http/uploads.schemas';
import { platformLabel } from '../../../../shared/labels';
import { useServices } from '../../../app/useServices';
import { toFailure } from '../../../lib/httpFailure';
import { FormAlert } from '../../../ui/form';
import type { Identity } from '../videos.api';
import { attachVideoMedia } from './videoDetail.api';

/** File types the back end takes as a video (the upload MIME map). */
const VIDEO_ACCEPT = 'video/mp4,video/webm,video/ogg,.mp4,.webm,.ogv,.ogg,.ogm';

interface LinkMediaNoticeProps {
  videoId: string;
  platform: string;
  who: Identity;
  /** Own video: the brand may attach its copy. A competitor's link only says where it stays. */
  canAttach: boolean;
  /** The file arrived; the answer is the video's status (its analysis queued). */
  onAttached: (status: VideoStatusResponse) => void;
}

/**
 * A YouTube, TikTok or Instagram link (issue 41 item 6): its file is not on this computer, so nothing of it was
 * analysed; "Add the file" attaches the brand's own copy, which is then analysed like an upload.
 */
export function LinkMediaNotice({ videoId, platform, who, canAttach, onAttached }: LinkMediaNoticeProps) {
  const { api } = useServices();
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setSent(0);
    try {
      const status = await attachVideoMedia(api.main, who, videoId, file, setSent);
      setSent(null);
      onAttached(status);
    } catch (failure) {
      setSent(null);
      setError(`The file could not be added: ${toFailure(failure).error}`);
    }
  };

  return (
    <section className="link-media" aria-label="Video file">
      <p className="link-media__text">{ANALYSIS_TEXTS.linkNotOnComputer(platformLabel(platform))}</p>
      {canAttach && (
        <div className="link-media__actions">
          <button type="button" className="btn btn--small btn--primary" disabled={sent !== null} onClick={() => input.current?.click()}>
            {ANALYSIS_TEXTS.addFile}
          </button>
          <input ref={input} type="file" accept={VIDEO_ACCEPT} hidden aria-label={ANALYSIS_TEXTS.addFile} data-testid="add-file-input" onChange={(event) => void onFile(event)} />
          {sent === null ? (
            <span className="field__hint">{ANALYSIS_TEXTS.addFileHint}</span>
          ) : (
            <span className="field__hint" role="status">Adding the file… {Math.floor(sent * 100)} %</span>
          )}
        </div>
      )}
      {error && <FormAlert tone="error">{error}</FormAlert>}
    </section>
  );
}
