import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { CsvExportResult } from '../../../shared/ipc/exports.schemas';
import { formatNumber } from '../../lib/format';
import { dismissBannerAtom, pushBannerAtom } from '../banner';

interface CsvDownloadButtonProps {
  /** What the rows are, plural ("creators", "purchases"). */
  what: string;
  count: number;
  /** Has the host save the file; null when the person cancelled the save dialog. */
  save: () => Promise<CsvExportResult>;
  disabled?: boolean;
}

/** "Download CSV": the host saves the file and the banner says where (or why not). */
export function CsvDownloadButton({ what, count, save, disabled = false }: CsvDownloadButtonProps) {
  const pushBanner = useSetAtom(pushBannerAtom);
  const dismissBanner = useSetAtom(dismissBannerAtom);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const preparing = pushBanner(`Preparing the CSV of ${formatNumber(count)} ${what}…`, 'info');
    try {
      const result = await save();
      if (result) pushBanner(`Saved ${formatNumber(result.rows)} ${what} to ${result.path}`, 'success');
    } catch (error) {
      pushBanner(`The CSV could not be saved: ${error instanceof Error ? error.message : String(error)}`, 'error');
    } finally {
      // The outcome replaces the progress message: both side by side read as if it were still under way.
      if (preparing !== null) dismissBanner(preparing);
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn" disabled={busy || disabled || count === 0} aria-busy={busy} onClick={() => void download()}>
      {busy ? 'Downloading CSV…' : 'Download CSV'}
    </button>
  );
}
