import { useState } from 'react';
import { REPORT_REASONS } from '../../../../shared/constants';
import { ConfirmDialog } from '../../../ui/dialog';
import type { BulkAction } from './bulkActions';
import type { ReportReason } from './videoList.types';

interface BulkActionDialogProps {
  action: BulkAction;
  count: number;
  /** Runs the action with the chosen reason; resolves the success message or throws what failed. */
  run: (reason: ReportReason) => Promise<string>;
  onClose: (done: boolean) => void;
}

/** The confirm flow of one bulk action: ask (with a report reason for flagging), busy, success. */
export function BulkActionDialog({ action, count, run, onClose }: BulkActionDialogProps) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const needsReason = action.ask === 'reason';
  return (
    <ConfirmDialog
      title={action.title}
      question={action.question(count)}
      confirmDisabled={needsReason && reason === ''}
      onConfirm={() => run(reason === '' ? REPORT_REASONS[0] : reason)}
      onClose={onClose}
    >
      {needsReason && (
        <label className="field">
          <span className="field__label">Reason</span>
          <select className="select" value={reason} onChange={(event) => setReason(event.target.value as ReportReason | '')}>
            <option value="">Choose a reason</option>
            {REPORT_REASONS.map((entry) => (
              <option key={entry} value={entry}>
                {entry}
              </option>
            ))}
          </select>
        </label>
      )}
    </ConfirmDialog>
  );
}
