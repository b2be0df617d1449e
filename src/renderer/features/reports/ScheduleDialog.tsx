import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { MESSAGES } from '../../../shared/messages';
import { REPORT_CADENCES, type ReportSchedule } from '../../../shared/ipc/exports.schemas';
import type { Report } from '../../../shared/http/reports.schemas';
import { host } from '../../host/hostClient';
import { formatDateTime } from '../../lib/format';
import { pushBannerAtom } from '../../ui/banner';
import { FormDialog } from '../../ui/dialog';
import { optionsOf, SelectField } from '../../ui/form';
import type { Who } from './reports.api';

type Cadence = (typeof REPORT_CADENCES)[number] | 'off';
const CADENCE_LABELS: Record<Cadence, string> = { off: 'Not scheduled', weekly: 'Every week', monthly: 'Every month' };

/** Schedules the report as a PDF written into a chosen folder every week or month (the host writes it when due). */
export function ScheduleDialog({ who, report, onClose }: { who: Who; report: Report; onClose: () => void }) {
  const pushBanner = useSetAtom(pushBannerAtom);
  const [current, setCurrent] = useState<ReportSchedule | null>(null);
  const [cadence, setCadence] = useState<Cadence>('off');
  const [folder, setFolder] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    host().invoke('reports.schedules').then((list) => {
      const mine = list.find((entry) => entry.report_id === report._id) ?? null;
      if (!live || !mine) return;
      setCurrent(mine);
      setCadence(mine.cadence);
      setFolder(mine.folder);
    }).catch(() => undefined);
    return () => { live = false; };
  }, [report._id]);

  const pick = async () => {
    try {
      const picked = await host().invoke('dialog.pickDirectory');
      if (picked) setFolder(picked.path);
    } catch {
      setError(MESSAGES.directoryPickerFailed);
    }
  };
  const save = async () => {
    if (cadence !== 'off' && folder === '') return setError('Choose the folder the report is written to.');
    setBusy(true);
    try {
      await host().invoke('reports.schedule', { report_id: report._id, identity: who, title: report.title, cadence: cadence === 'off' ? null : cadence, ...(cadence === 'off' ? {} : { folder }) });
      pushBanner(cadence === 'off' ? `"${report.title}" is no longer scheduled.` : `"${report.title}" will be written to ${folder} ${cadence === 'weekly' ? 'every week' : 'every month'}.`, 'success');
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  return (
    <FormDialog title="Schedule report" submitLabel="Save" busy={busy} error={error} onSubmit={() => void save()} onClose={onClose}>
        <p>A PDF of <bdi>{report.title}</bdi> is written into the folder when due, or at the next start if Reelscope was closed then.</p>
        <SelectField label="Repeat" value={cadence} options={optionsOf(['off', ...REPORT_CADENCES] as const, (value) => CADENCE_LABELS[value])} onChange={(value) => { setCadence(value); setError(null); }} />
        {cadence !== 'off' && (
          <div className="report-builder__row">
            <p className="schedule__folder">{folder ? <bdi>{folder}</bdi> : 'No folder chosen'}</p>
            <button type="button" className="btn btn--small" onClick={() => void pick()}>Choose folder</button>
          </div>
        )}
        {current && (
          <p className="field__hint" role="status">
            Next: {formatDateTime(current.next_due)}.{' '}
            {current.last_run ? (current.last_run.ok ? `Last written ${formatDateTime(current.last_run.at)} to ${current.last_run.path ?? ''}.` : `The last run failed (${formatDateTime(current.last_run.at)}): ${current.last_run.message ?? ''}`) : 'Not written yet.'}
          </p>
        )}
    </FormDialog>
  );
}
