import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import type { Report } from '../../../shared/http/reports.schemas';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { pushBannerAtom } from '../../ui/banner';
import { ConfirmDialog, RenameDialog } from '../../ui/dialog';
import { deleteReport, duplicateReport, updateReport, type Who } from './reports.api';

interface ReportActionsProps {
  who: Who;
  report: Report;
  onChanged: () => void;
  /** Where to go once the report is deleted (the report page goes back to the list). */
  afterDelete?: () => void;
  /** Deleting a report is a manager's (issue 29): hidden from a member, whom the back end refuses anyway. */
  canDelete?: boolean;
}

/** Rename, duplicate and delete one saved report (the confirm flow of spec §4 for delete). */
export function ReportActions({ who, report, onChanged, afterDelete, canDelete = true }: ReportActionsProps) {
  const { api } = useServices();
  const pushBanner = useSetAtom(pushBannerAtom);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);

  const duplicate = async () => {
    setBusy(true);
    try {
      const copy = (await duplicateReport(api.main, who, report._id)).data;
      pushBanner(`Saved "${copy.title}".`, 'success');
      onChanged();
      navigate(`/reports/${copy._id}`);
    } catch (error) {
      pushBanner(`The report could not be duplicated: ${toFailure(error, 'action').error}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="report-actions">
      <button type="button" className="btn btn--small" onClick={() => setDialog('rename')} aria-label={`Rename ${report.title}`}>Rename</button>
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => void duplicate()} aria-label={`Duplicate ${report.title}`}>Duplicate</button>
      {canDelete && <button type="button" className="btn btn--small" onClick={() => setDialog('delete')} aria-label={`Delete ${report.title}`}>Delete</button>}
      {dialog === 'rename' && (
        <RenameDialog
          title="Rename report"
          current={report.title}
          maxLength={120}
          blankMessage="A report needs a title."
          save={async (title) => {
            try {
              await updateReport(api.main, who, report._id, { title });
            } catch (failure) {
              throw new Error(toFailure(failure, 'action').error, { cause: failure });
            }
          }}
          onClose={(done) => { setDialog(null); if (done) onChanged(); }}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title="Delete report"
          question={<>Delete <bdi>{report.title}</bdi>? Its exports already saved stay where they are.</>}
          onConfirm={async () => {
            await deleteReport(api.main, who, report._id);
            return 'The report was deleted.';
          }}
          onClose={(done) => {
            setDialog(null);
            if (done) (afterDelete ?? onChanged)();
          }}
        />
      )}
    </div>
  );
}
