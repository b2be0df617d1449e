interface ShareBarsProps {
  title: string;
  /** Share per bucket (0..1), in display order. */
  entries: readonly { label: string; share: number; tone?: 'positive' | 'negative' | 'neutral' }[];
}

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** Horizontal share bars: light, accessible (a list with the numbers as text) and direction-aware. */
export function ShareBars({ title, entries }: ShareBarsProps) {
  return (
    <figure className="share-bars">
      <figcaption className="share-bars__title">{title}</figcaption>
      <ul className="detail-list">
        {entries.map((entry) => (
          <li key={entry.label} className="share-bars__row">
            <span className="share-bars__label">{entry.label}</span>
            <span className="share-bars__track" aria-hidden="true">
              <span className={`share-bars__fill share-bars__fill--${entry.tone ?? 'accent'}`} style={{ inlineSize: percent(Math.min(1, Math.max(0, entry.share))) }} />
            </span>
            <span className="share-bars__value">{percent(entry.share)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
