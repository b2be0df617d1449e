import { describeTime, formatTime } from './formatTime';

/** A transcript time; activating it asks the player to jump there. */
export function TimeButton({ seconds, onSeek }: { seconds: number; onSeek: (seconds: number) => void }) {
  return (
    <button
      type="button"
      className="transcript-time"
      onClick={() => onSeek(seconds)}
      data-seconds={seconds}
    >
      {/* The name holds the visible time too (speech input says what it sees) and the time in words for listeners. */}
      <span className="visually-hidden">Play from {describeTime(seconds)}, </span>
      {formatTime(seconds)}
    </button>
  );
}
