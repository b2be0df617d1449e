import { useCallback, useEffect, useState } from 'react';
import type { VideoStatusResponse } from '../../../../shared/http/uploads.schemas';
import { useServices } from '../../../app/useServices';
import { useRefetchOnChange } from '../../../lib/liveChanges';
import type { Identity } from '../videos.api';
import { fetchVideoStatus } from './videoDetail.api';

/** How often the status is read while an analysis runs, in case a change on the stream was missed. */
export const STATUS_REFRESH_MS = 4000;

/**
 * The analysis status of an own video (stage, step and share done, last failure), read on open, again on every
 * change of the video on the live stream (its analysis moving), and every few seconds while it is not completed.
 * Not read for a competitor's video (the route answers own videos only).
 */
export function useVideoStatus(videoId: string, who: Identity, enabled: boolean, stage: string) {
  const { api } = useServices();
  const [status, setStatus] = useState<VideoStatusResponse | null>(null);
  const read = useCallback(async () => {
    if (!enabled) return;
    try {
      setStatus(await fetchVideoStatus(api.main, who, videoId));
    } catch {
      // A status that cannot be read leaves the last one shown; the detail itself says when the video cannot load.
    }
  }, [api, who, videoId, enabled]);

  // On open and when the detail's stage changes; an answer for a view already left is dropped.
  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    fetchVideoStatus(api.main, who, videoId).then((answer) => {
      if (current) setStatus(answer);
    }, () => undefined);
    return () => {
      current = false;
    };
  }, [api, who, videoId, enabled, stage]);
  useRefetchOnChange(['analysis', 'video'], () => read(), (change) => change.video_id === videoId);
  const running = enabled && (stage !== 'completed' || (status !== null && status.analysis_stage !== 'completed'));
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => void read(), STATUS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [running, read]);
  return { status, setStatus, read };
}
