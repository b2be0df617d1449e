import { ANALYSIS_TEXTS, ANALYSIS_STEP_LABELS, describeProgress, progressPercent } from '../../../../shared/analysisProgress';
import type { AnalysisProgress } from '../../../../shared/analysisProgress';

interface AnalysisProgressBarProps {
  /** The video's stage: a bar only while it is not completed. */
  stage: string;
  progress: AnalysisProgress | null;
  /** The last run's failure sentence, shown with "Try again" (own videos only: onRetry given). */
  failure: string | null;
  onRetry?: () => void;
  retrying?: boolean;
}

/**
 * The detail's analysis state (issue 41 item 7): "Transcribing speech · 40 %" on a progress bar that follows the
 * change stream, a waiting line before the first step reports, or the failure's sentence with "Try again".
 */
export function AnalysisProgressBar({ stage, progress, failure, onRetry, retrying = false }: AnalysisProgressBarProps) {
  if (failure && (stage === 'completed' || !progress)) {
    return (
      <section className="analysis-progress analysis-progress--failed" aria-label="Analysis">
        <p className="analysis-progress__failure" role="alert">
          <strong>{ANALYSIS_TEXTS.analysisFailedTitle}:</strong> {failure}
        </p>
        {onRetry && (
          <button type="button" className="btn btn--small" disabled={retrying} onClick={onRetry}>
            {retrying ? 'Starting…' : ANALYSIS_TEXTS.tryAgain}
          </button>
        )}
      </section>
    );
  }
  if (stage === 'completed') return null;
  if (!progress) {
    return (
      <section className="analysis-progress" aria-label="Analysis">
        <div className="analysis-progress__label">
          <span className="spinner spinner--small" aria-hidden="true" />
          <span role="status">{stage === 'pending' ? ANALYSIS_TEXTS.waiting : ANALYSIS_TEXTS.beingAnalysed}</span>
        </div>
        <div className="analysis-progress__track" role="progressbar" aria-label={ANALYSIS_TEXTS.beingAnalysed} aria-valuetext={stage === 'pending' ? ANALYSIS_TEXTS.waiting : ANALYSIS_TEXTS.beingAnalysed}>
          <div className="analysis-progress__fill analysis-progress__fill--unknown" />
        </div>
      </section>
    );
  }
  const percent = progressPercent(progress);
  const text = describeProgress(progress);
  return (
    <section className="analysis-progress" aria-label="Analysis">
      <div className="analysis-progress__label">
        <span className="spinner spinner--small" aria-hidden="true" />
        <span aria-live="polite">{text}</span>
      </div>
      <div
        className="analysis-progress__track"
        role="progressbar"
        aria-label={ANALYSIS_STEP_LABELS[progress.step]}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <div className="analysis-progress__fill" style={{ inlineSize: `${percent}%` }} />
      </div>
    </section>
  );
}
