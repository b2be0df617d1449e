import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useServices } from '../../../app/useServices';
import { ExportDialog } from '../../downloads';
import { fetchVideoIds } from '../videos.api';
import { checkModeAtom, listQueryAtom, selectionsAtom } from './videoList.atoms';

/**
 * "Download all transcripts" (spec §2): for the videos checked in download mode when there are any, otherwise for
 * every video the tab, search and filters match (their ids from get_video_ids at the moment the export starts).
 */
export function TranscriptExportButton({ matching }: { matching: number }) {
  const { api } = useServices();
  const mode = useAtomValue(checkModeAtom);
  const selections = useAtomValue(selectionsAtom);
  const query = useAtomValue(listQueryAtom);
  const [open, setOpen] = useState(false);
  const selected = mode === 'download' ? Object.keys(selections.download) : [];
  const useSelection = selected.length > 0;
  const count = useSelection ? selected.length : matching;
  const scope = useSelection ? `the ${count} selected video${count === 1 ? '' : 's'}` : `all ${count} video${count === 1 ? '' : 's'} matching this tab and its filters`;

  const resolveIds = async (): Promise<string[]> => {
    if (useSelection) return selected;
    if (!query) throw new Error('Choose a brand first.');
    return (await fetchVideoIds(api.main, query)).videos.map((video) => video.video_id);
  };

  return (
    <>
      <button type="button" className="btn" disabled={count === 0} onClick={() => setOpen(true)} data-testid="download-transcripts">
        Download all transcripts{useSelection ? ` (${count})` : ''}
      </button>
      {open && <ExportDialog count={count} scope={scope} resolveIds={resolveIds} onClose={() => setOpen(false)} />}
    </>
  );
}
