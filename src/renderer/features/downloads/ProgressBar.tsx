interface ProgressBarProps {
  /** 0..1, or null for "working, size unknown". */
  fraction: number | null;
  label: string;
  tone?: 'default' | 'success' | 'danger';
}

/** An accessible progress bar (role progressbar with its value); indeterminate when the fraction is unknown. */
export function ProgressBar({ fraction, label, tone = 'default' }: ProgressBarProps) {
  const percent = fraction === null ? null : Math.round(fraction * 100);
  return (
    <div
      className={`progress progress--${tone}${percent === null ? ' progress--indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
    >
      <div className="progress__fill" style={percent === null ? undefined : { inlineSize: `${percent}%` }} />
    </div>
  );
}
