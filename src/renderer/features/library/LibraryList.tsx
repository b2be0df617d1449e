import { platformLabel } from '../../../shared/labels';
import type { LibraryItem } from '../../../shared/ipc/desktop.schemas';
import { formatBytes, formatDateTime } from '../../lib/format';
import { Icon } from '../../ui/icons';
import { VideoThumb } from '../../ui/thumb';


/** One offline item as a selectable row: thumbnail, title, platform, size, date. */
function LibraryRow({ item, selected, onSelect }: { item: LibraryItem; selected: boolean; onSelect: () => void }) {
  const kind = item.kind === 'video' ? 'Video' : `Transcript · ${item.fileType.toUpperCase()}`;
  return (
    <li>
      <button
        type="button"
        className={`library-row${selected ? ' library-row--selected' : ''}`}
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
        data-testid="library-item"
        data-kind={item.kind}
      >
        <span className="library-row__thumb" aria-hidden="true">
          {item.thumbnailUrl ? <VideoThumb src={item.thumbnailUrl} title={item.title} lazy /> : <Icon name={item.kind === 'video' ? 'video' : 'license'} size={22} />}
        </span>
        <span className="library-row__text">
          <bdi className="library-row__title">{item.title}</bdi>
          <span className="library-row__meta">
            <span className={`library-kind library-kind--${item.kind}`}>{kind}</span>
            {item.platform && <span>{platformLabel(item.platform)}</span>}
            <bdi>{formatBytes(item.size)}</bdi>
            <time dateTime={item.savedAt}>{formatDateTime(item.savedAt)}</time>
          </span>
          {!item.available && <span className="library-row__missing">File missing: it was moved or deleted outside Reelscope.</span>}
        </span>
      </button>
    </li>
  );
}

/** The offline items, newest first. */
export function LibraryList({ items, selectedId, onSelect }: { items: readonly LibraryItem[]; selectedId: string | null; onSelect: (item: LibraryItem) => void }) {
  return (
    <ul className="library-list" aria-label="Offline items">
      {items.map((item) => (
        <LibraryRow key={item.itemId} item={item} selected={item.itemId === selectedId} onSelect={() => onSelect(item)} />
      ))}
    </ul>
  );
}
