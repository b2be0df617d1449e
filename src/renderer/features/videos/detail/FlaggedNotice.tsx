import { MESSAGES } from '../../../../shared/messages';
import { Modal } from '../../../ui/dialog';

interface FlaggedNoticeProps {
  reason: string | null;
  onClose: () => void;
}

/** Spec §2 overlay shown when a flagged video is opened. */
export function FlaggedNotice({ reason, onClose }: FlaggedNoticeProps) {
  return (
    <Modal
      title={MESSAGES.videoFlagged}
      role="alertdialog"
      onDismiss={onClose}
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <p data-testid="flagged-notice">
        {reason ? `Reported as: ${reason}.` : 'This video was reported.'} Unflag it from the Flagged tab of Videos to review it again.
      </p>
    </Modal>
  );
}
