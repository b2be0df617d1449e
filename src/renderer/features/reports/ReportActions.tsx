import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import type { Report } from '../../../shared/http/reports.schemas';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { pushBannerAtom } from '../../ui/banner';
import { ConfirmDialog, FormDialog } from '../../ui/dialog';
import { TextField } from '../../ui/form';
import { deleteReport, duplicateReport, updateReport, type Who } from './reports.api';

interface ReportActionsProps {
  who: Who;
  report: Report;
  onChanged: () => void;
  /** Where to go once the report is deleted (the report page goes back to the list). */
  afterDelete?: () => void;
}

/** Rename, duplicate and delete one saved report (the confirm flow of spec §4 for delete). */
export function ReportActions({ who, report, onChanged, afterDelete }: ReportActionsProps) {
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
      <button type="button" className="btn btn--small" onClick={() => setDialog('delete')} aria-label={`Delete ${report.title}`}>Delete</button>
      {dialog === 'rename' && <RenameDialog who={who} report={report} onClose={(done) => { setDialog(null); if (done) onChanged(); }} />}
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

function RenameDialog({ who, report, onClose }: { who: Who; report: Report; onClose: (done: boolean) => void }) {
  const { api } = useServices();
  const [title, setTitle] = useState(report.title);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (title.trim() === '') return setError('A report needs a title.');
    setBusy(true);
    try {
      await updateReport(api.main, who, report._id, { title: title.trim() });
      onClose(true);
    } catch (failure) {
      setError(toFailure(failure, 'action').error);
      setBusy(false);
    }
  };
  return (
    <FormDialog title="Rename report" submitLabel="Save" busy={busy} error={null} onSubmit={() => void save()} onClose={() => onClose(false)}>
        <TextField label="Title" value={title} maxLength={120} autoFocus error={error} onChange={(event) => { setTitle(event.target.value); setError(null); }} />
    </FormDialog>
  );
}
