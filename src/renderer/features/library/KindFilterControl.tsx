import type { LibraryItem } from '../../../shared/ipc/desktop.schemas';

export type KindFilter = 'all' | LibraryItem['kind'];

const LABELS: Record<KindFilter, string> = { all: 'All', video: 'Videos', transcript: 'Transcripts' };

/** Which offline items the list shows: everything, only videos, or only exported transcripts (with counts). */
export function KindFilterControl({ items, value, onChange }: { items: readonly LibraryItem[]; value: KindFilter; onChange: (next: KindFilter) => void }) {
  const count = (kind: KindFilter) => (kind === 'all' ? items.length : items.filter((item) => item.kind === kind).length);
  return (
    <fieldset className="library-kinds">
      <legend className="visually-hidden">Show</legend>
      {(Object.keys(LABELS) as KindFilter[]).map((kind) => (
        <label key={kind} className={`library-kinds__option${value === kind ? ' is-active' : ''}`}>
          <input type="radio" name="library-kind" className="visually-hidden" checked={value === kind} onChange={() => onChange(kind)} />
          {LABELS[kind]} <bdi className="library-kinds__count">{count(kind)}</bdi>
        </label>
      ))}
    </fieldset>
  );
}
