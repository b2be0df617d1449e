import { useAtomValue } from 'jotai';
import { host } from '../../host/hostClient';
import { CsvDownloadButton } from '../../ui/export';
import { creatorIdentityAtom, creatorListStateAtom } from './creatorList.atoms';
import { toCreatorQuery } from './creatorList.state';

/** "Download CSV": the host saves the export of the current filter (every page) and the banner says where. */
export function CreatorsCsvButton({ matching }: { matching: number }) {
  const state = useAtomValue(creatorListStateAtom);
  const who = useAtomValue(creatorIdentityAtom);
  return (
    <CsvDownloadButton what="creators" count={matching} disabled={!who}
      save={() => (who ? host().invoke('creators.exportCsv', { query: toCreatorQuery(state, who, false) }) : Promise.resolve(null))} />
  );
}
