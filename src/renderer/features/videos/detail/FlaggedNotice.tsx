import { MESSAGES } from '../../../../shared/messages';
import type { Person } from '../../../../shared/http/team.schemas';
import { Modal } from '../../../ui/dialog';
import { Authorship } from '../../team';

interface FlaggedNoticeProps {
  reason: string | null;
  /** Who flagged it and when (issue 29: flags are the team's). */
  flaggedBy?: Person | null;
  flaggedAt?: string | null;
  /** Leaves for the list (spec §2's close). */
  onClose: () => void;
  /** Hides the notice and stays (offered where Close leaves): the note and analysis of a flagged video stay readable without unflagging it. */
  onStay?: () => void;
}

/** Spec §2 overlay shown when a flagged video is opened. */
export function FlaggedNotice({ reason, flaggedBy, flaggedAt, onClose, onStay }: FlaggedNoticeProps) {
  return (
    <Modal
      title={MESSAGES.videoFlagged}
      role="alertdialog"
      onDismiss={onClose}
      actions={
        <>
          {onStay && (
            <button type="button" className="btn" onClick={onStay}>
              View the video anyway
            </button>
          )}
          <button type="button" className="btn btn--primary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <p data-testid="flagged-notice">
        {reason ? `Reported as: ${reason}.` : 'This video was reported.'} Unflag it from the Flagged tab of Videos to review it again.
      </p>
      {flaggedBy && <p><Authorship verb="Flagged" person={flaggedBy} at={flaggedAt} testId="flagged-notice-by" /></p>}
    </Modal>
  );
}
