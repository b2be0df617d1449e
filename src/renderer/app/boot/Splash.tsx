/** A full-page "working on it" state. */
export function Splash({ text }: { text: string }) {
  return (
    <div className="splash" role="status" aria-live="polite">
      <div className="splash__card">
        <div className="spinner" aria-hidden="true" />
        <p className="splash__text">{text}</p>
      </div>
    </div>
  );
}
