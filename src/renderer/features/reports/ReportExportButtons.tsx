import { useState } from 'react';
import { useSetAtom } from 'jotai';
import type { ReportExportInput } from '../../../shared/ipc/exports.schemas';
import { host } from '../../host/hostClient';
import { formatBytes } from '../../lib/format';
import { dismissBannerAtom, pushBannerAtom } from '../../ui/banner';
import type { Who } from './reports.api';

type Target = { reportId: string; window?: ReportExportInput['window'] } | { definition: NonNullable<ReportExportInput['definition']> };

/** "Export PDF" and "Export CSV": the host builds the file from the report's figures and the banner says where it went. */
export function ReportExportButtons({ who, title, ...target }: { who: Who; title: string } & Target) {
  const pushBanner = useSetAtom(pushBannerAtom);
  const dismissBanner = useSetAtom(dismissBannerAtom);
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const run = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    const preparing = pushBanner(`Preparing the ${format.toUpperCase()} of "${title}"…`, 'info');
    try {
      const input: ReportExportInput = 'reportId' in target
        ? { format, identity: who, report_id: target.reportId, window: target.window ?? {} }
        : { format, identity: who, definition: target.definition };
      const result = await host().invoke('reports.export', input);
      if (result) pushBanner(`Saved ${result.pages ? `${result.pages} pages, ` : ''}${formatBytes(result.bytes)} to ${result.path}`, 'success');
    } catch (error) {
      pushBanner(`The ${format.toUpperCase()} could not be saved: ${error instanceof Error ? error.message : String(error)}`, 'error');
    } finally {
      // The outcome replaces the progress message (see CsvDownloadButton).
      if (preparing !== null) dismissBanner(preparing);
      setBusy(null);
    }
  };
  return (
    <>
      <button type="button" className="btn btn--small" disabled={busy !== null} aria-busy={busy === 'pdf'} onClick={() => void run('pdf')}>{busy === 'pdf' ? 'Exporting PDF…' : 'Export PDF'}</button>
      <button type="button" className="btn btn--small" disabled={busy !== null} aria-busy={busy === 'csv'} onClick={() => void run('csv')}>{busy === 'csv' ? 'Exporting CSV…' : 'Export CSV'}</button>
    </>
  );
}
