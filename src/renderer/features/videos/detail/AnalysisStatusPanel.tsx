import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { isLinkWithoutFile } from '../../../../shared/analysisProgress';
import type { VideoDetail } from '../../../../shared/http/videos.schemas';
import { useServices } from '../../../app/useServices';
import { toFailure } from '../../../lib/httpFailure';
import { pushBannerAtom } from '../../../ui/banner';
import type { Identity } from '../videos.api';
import { AnalysisProgressBar } from './AnalysisProgressBar';
import { LinkMediaNotice } from './LinkMediaNotice';
import { useVideoStatus } from './useVideoStatus';
import { reanalyzeVideo } from './videoDetail.api';

interface AnalysisStatusPanelProps {
  video: VideoDetail;
  who: Identity;
  /** An own video of the acting brand: its status is readable and it may be analysed again or get its file. */
  own: boolean;
  /** Reads the video again (its stage and results change after a new run starts or ends). */
  onReload: () => void;
}

/** Above the tabs: where the analysis is (a live progress bar), why it failed (with Try again), or that a link's file is elsewhere. */
export function AnalysisStatusPanel({ video, who, own, onReload }: AnalysisStatusPanelProps) {
  const { api } = useServices();
  const pushBanner = useSetAtom(pushBannerAtom);
  const link = isLinkWithoutFile(video);
  const { status, setStatus, read } = useVideoStatus(video._id, who, own && !link, video.analysis_stage);
  const [retrying, setRetrying] = useState(false);
  // The status moved to another stage than the shown video (its run ended or began): the tabs read the video again.
  const statusStage = status?.analysis_stage;
  useEffect(() => {
    if (statusStage && statusStage !== video.analysis_stage) onReload();
  }, [statusStage, video.analysis_stage, onReload]);

  const retry = async () => {
    setRetrying(true);
    try {
      pushBanner(await reanalyzeVideo(api.second, who, video._id), 'success');
      await read();
      onReload();
    } catch (error) {
      pushBanner(`Re-analysis could not be started: ${toFailure(error).error}`, 'error');
    }
    setRetrying(false);
  };

  if (link) {
    return (
      <LinkMediaNotice
        videoId={video._id}
        platform={video.platform}
        who={who}
        canAttach={own}
        onAttached={(answer) => {
          setStatus(answer);
          onReload();
        }}
      />
    );
  }
  // The status says the stage as of its own read; the detail's stage is the fallback before it answers (and for a competitor).
  const stage = status?.analysis_stage ?? video.analysis_stage;
  return (
    <AnalysisProgressBar
      stage={stage}
      progress={status?.progress ?? null}
      failure={status?.failure ?? null}
      onRetry={own ? () => void retry() : undefined}
      retrying={retrying}
    />
  );
}
