import { useAtomValue, useSetAtom } from 'jotai';
import type { VideoFilterOptions } from '../../../../shared/http/videos.schemas';
import { FilterChips } from '../../../ui/filters';
import { filterChips } from './filterFamilies';
import { emptyFilters } from './videoFilters.query';
import { patchListStateAtom, videoListStateAtom } from './videoList.atoms';

/** The active filters as removable chips. */
export function ActiveFilters({ options }: { options: VideoFilterOptions | null }) {
  const { filters } = useAtomValue(videoListStateAtom);
  const patch = useSetAtom(patchListStateAtom);
  const chips = filterChips(filters, options);
  return (
    <FilterChips
      chips={chips}
      onRemove={(id) => {
        const chip = chips.find((entry) => entry.id === id);
        if (chip) patch({ filters: chip.remove(filters) });
      }}
      onClearAll={() => patch({ filters: emptyFilters() })}
    />
  );
}
