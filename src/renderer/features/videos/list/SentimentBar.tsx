/** Positive, neutral and negative shares of a video as one bar, with the figures for screen readers and tooltips. */
export function SentimentBar({ positive, negative }: { positive: number; negative: number }) {
  const pos = Math.round(positive * 100);
  const neg = Math.round(negative * 100);
  const label = `${pos}% positive, ${neg}% negative`;
  return (
    <div className="sentiment-bar" role="img" aria-label={label} title={label}>
      <span className="sentiment-bar__positive" style={{ inlineSize: `${pos}%` }} />
      <span className="sentiment-bar__negative" style={{ inlineSize: `${neg}%` }} />
    </div>
  );
}
