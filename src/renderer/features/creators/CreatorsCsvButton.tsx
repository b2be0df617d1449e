import { formatNumber } from '../../lib/format';
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { host } from '../../host/hostClient';
import { pushBannerAtom } from '../../ui/banner';
import { creatorIdentityAtom, creatorListStateAtom } from './creatorList.atoms';
import { toCreatorQuery } from './creatorList.state';

/** "Download CSV": the host saves the export of the current filter (every page) and the banner says where. */
export function CreatorsCsvButton({ matching }: { matching: number }) {
  const state = useAtomValue(creatorListStateAtom);
  const who = useAtomValue(creatorIdentityAtom);
  const pushBanner = useSetAtom(pushBannerAtom);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    if (!who) return;
    setBusy(true);
    pushBanner(`Preparing the CSV of ${formatNumber(matching)} creators…`, 'info');
    try {
      const result = await host().invoke('creators.exportCsv', { query: toCreatorQuery(state, who, false) });
      if (result) pushBanner(`Saved ${formatNumber(result.rows)} creators to ${result.path}`, 'success');
    } catch (error) {
      pushBanner(`The CSV could not be saved: ${error instanceof Error ? error.message : String(error)}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn" disabled={busy || !who || matching === 0} aria-busy={busy} onClick={() => void download()}>
      {busy ? 'Downloading CSV…' : 'Download CSV'}
    </button>
  );
}
