import { ConfirmDialog } from '../../../ui/dialog';
import type { BlockedVideo } from '../../appManager';

/** Blocked videos named one by one; past this many, the rest are counted. */
const NAMED = 10;

interface PublishCheckDialogProps {
  /** The selected videos the shopper app would refuse, each with why. */
  blocked: readonly BlockedVideo[];
  /** How many videos are selected in all. */
  selected: number;
  /** Publishes the selected videos that may go; resolves the success message or throws what failed. */
  publishRest: () => Promise<string>;
  onClose: (done: boolean) => void;
}

/** How many of the selection cannot go, as one sentence. */
export function blockedSentence(blocked: number, selected: number): string {
  if (blocked < selected) return `${blocked} of the ${selected} selected videos cannot be published to the shopper app:`;
  return selected === 1 ? 'The selected video cannot be published to the shopper app:' : `None of the ${selected} selected videos can be published to the shopper app:`;
}

/**
 * Said before a bulk publish is sent when part of the selection cannot go (the rights gate, checked with the back end's
 * own rule): how many, which and why, and the choice to publish the others; nothing is sent for the blocked ones.
 */
export function PublishCheckDialog({ blocked, selected, publishRest, onClose }: PublishCheckDialogProps) {
  const rest = selected - blocked.length;
  const unnamed = blocked.length - NAMED;
  return (
    <ConfirmDialog
      title="Publish to app"
      question={
        <div className="publish-check">
          <p>{blockedSentence(blocked.length, selected)}</p>
          <ul>
            {blocked.slice(0, NAMED).map((video) => <li key={video.id}><bdi>“{video.title}”</bdi>: {video.reason}</li>)}
            {unnamed > 0 && <li>and {unnamed} more</li>}
          </ul>
          {rest > 0 && <p>{rest === 1 ? 'Publish the other one?' : `Publish the other ${rest}?`}</p>}
        </div>
      }
      confirmLabel={rest === 0 ? 'Publish' : rest === 1 ? 'Publish the other one' : `Publish the other ${rest}`}
      cancelLabel={rest === 0 ? 'Close' : 'Cancel'}
      confirmDisabled={rest === 0}
      onConfirm={publishRest}
      onClose={onClose}
    />
  );
}
