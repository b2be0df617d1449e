/** A part with no result, said in its place: the reason in muted text, never a figure that reads as a finding. */
export function NotAnalysedText({ reason }: { reason: string | null }) {
  return <span className="detail-not-analysed">{reason ?? ''}</span>;
}

/** A whole panel's part (sentiment, audience) that was not analysed: which part and why. */
export function NotAnalysedNote({ part, reason }: { part: string; reason: string }) {
  return (
    <section className="detail-not-analysed-panel" aria-label={`${part} not analysed`}>
      <h3 className="detail-subtitle">{part}</h3>
      <p className="detail-not-analysed">{reason}</p>
    </section>
  );
}
