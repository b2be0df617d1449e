import { useEffect, useId, useState } from 'react';
import type { SupportingData } from '../../../shared/assistant/assistant.schemas';
import { describeTime, formatTime } from '../../../shared/rules/mediaTime';
import { useServices } from '../../app/useServices';
import { resolveMediaUrl } from '../../ui/player/playerSource';
import type { AssistantApi } from './assistant.api';
import { VideoThumb } from '../../ui/thumb';

/** Titles of cited videos, read once per video with getVideo and kept for the session. */
const titles = new Map<string, Promise<string>>();
export function videoTitle(api: AssistantApi, videoId: string): Promise<string> {
  let pending = titles.get(videoId);
  if (!pending) {
    pending = api.video(videoId).then((video) => video.title, () => 'A video you can no longer see');
    titles.set(videoId, pending);
  }
  return pending;
}

function useVideoTitle(api: AssistantApi, videoId: string): string | null {
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void videoTitle(api, videoId).then((found) => live && setTitle(found));
    return () => {
      live = false;
    };
  }, [api, videoId]);
  return title;
}

export interface CitationTarget { videoId: string; seconds: number }

/** An answer's quoted lines as chips: thumbnail, video title and time; the quote on hover or focus; a click plays it. */
export function Citations({ api, cited, onOpen }: { api: AssistantApi; cited: readonly SupportingData[]; onOpen: (target: CitationTarget) => void }) {
  if (cited.length === 0) return null;
  return (
    <ul className="assistant-citations" aria-label="Quoted moments">
      {cited.map((line) => <Citation key={line.db_id} api={api} line={line} onOpen={onOpen} />)}
    </ul>
  );
}

function Citation({ api, line, onOpen }: { api: AssistantApi; line: SupportingData; onOpen: (target: CitationTarget) => void }) {
  const { backend } = useServices();
  const title = useVideoTitle(api, line.transcript_id_video_id);
  const quoteId = useId();
  return (
    <li className="assistant-citation">
      <button
        type="button"
        className="assistant-citation__chip"
        aria-describedby={quoteId}
        onClick={() => onOpen({ videoId: line.transcript_id_video_id, seconds: line.start_ts })}
        data-testid="assistant-citation"
        data-video-id={line.transcript_id_video_id}
        data-start={line.start_ts}
      >
        <VideoThumb className="assistant-citation__thumb" src={line.thumbnail_url && resolveMediaUrl(line.thumbnail_url, backend.origin)} title={title ?? ''} />
        <span className="visually-hidden">Play </span>
        <bdi className="assistant-citation__title">{title ?? '…'}</bdi>
        <span className="assistant-citation__time" title={describeTime(line.start_ts)}>{formatTime(line.start_ts)}</span>
      </button>
      <span role="tooltip" id={quoteId} className="assistant-citation__quote"><bdi>“{line.source_doc}”</bdi></span>
    </li>
  );
}
