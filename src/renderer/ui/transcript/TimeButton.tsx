import { describeTime, formatTime } from './formatTime';

/** A transcript time; activating it asks the player to jump there. */
export function TimeButton({ seconds, onSeek }: { seconds: number; onSeek: (seconds: number) => void }) {
  return (
    <button
      type="button"
      className="transcript-time"
      onClick={() => onSeek(seconds)}
      aria-label={`Play from ${describeTime(seconds)}`}
      data-seconds={seconds}
    >
      {formatTime(seconds)}
    </button>
  );
}
