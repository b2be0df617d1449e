import { ANALYSIS_TEXTS, describeProgress, progressPercent } from '../../../../shared/analysisProgress';
import type { AnalysisProgress } from '../../../../shared/analysisProgress';

interface AnalysingMarkProps {
  stage: string;
  /** The running step and share done, when the list item carries it. */
  progress?: AnalysisProgress | null;
}

/**
 * The list's mark on a video that is not analysed yet (issue 41 item 7): "Being analysed" with a small spinner, and
 * the share done where the back end reports it ("· 40 %", the step in its title); "Waiting to be analysed" while queued.
 */
export function AnalysingMark({ stage, progress = null }: AnalysingMarkProps) {
  if (stage === 'completed') return null;
  const waiting = stage === 'pending' && !progress;
  const text = waiting ? ANALYSIS_TEXTS.waiting : ANALYSIS_TEXTS.beingAnalysed;
  return (
    <span className="video-mark video-mark--analysing" data-testid="analysing-mark" title={progress ? describeProgress(progress) : text}>
      <span className="spinner spinner--small" aria-hidden="true" />
      {text}
      {progress && <span className="video-mark__percent"> · {progressPercent(progress)} %</span>}
    </span>
  );
}
