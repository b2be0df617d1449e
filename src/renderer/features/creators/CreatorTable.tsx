import { formatDate, formatNumber } from '../../lib/format';
import { platformLabel } from '../../../shared/labels';
import { useAtom, useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import type { CreatorListItem } from '../../../shared/http/creators.schemas';
import { formatCount } from '../../../shared/rules/formatting';
import { creatorCheckModeAtom, creatorSelectionAtom } from './creatorList.atoms';
import { toSelectedCreator } from './CreatorSelectionBar';

/** Rows of the creators list; a checkbox per row in check mode. */
/** An address that may wrap before its @ (only there), so a narrow window fits the table without cutting a column. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return at > 0 ? <>{email.slice(0, at)}<wbr />{email.slice(at)}</> : <>{email}</>;
}

export function CreatorTable({ rows, busy }: { rows: readonly CreatorListItem[]; busy: boolean }) {
  const checkMode = useAtomValue(creatorCheckModeAtom);
  const [selection, setSelection] = useAtom(creatorSelectionAtom);
  const toggle = (row: CreatorListItem, on: boolean) => {
    const next = { ...selection };
    if (on) next[row._id] = toSelectedCreator(row);
    else delete next[row._id];
    setSelection(next);
  };
  return (
    <table className="creators-table" aria-label="Creators" aria-busy={busy}>
      <thead>
        <tr>
          {checkMode && <th scope="col"><span className="visually-hidden">Selected</span></th>}
          <th scope="col">Creator</th>
          <th scope="col">Country</th>
          <th scope="col">Subscribers</th>
          <th scope="col">Videos</th>
          <th scope="col">Latest video</th>
          <th scope="col">Email</th>
          <th scope="col">Brand</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row._id} data-testid="creator-row">
            {checkMode && (
              <td>
                <input type="checkbox" aria-label={`Select ${row.name}`} checked={Boolean(selection[row._id])} onChange={(event) => toggle(row, event.target.checked)} />
              </td>
            )}
            <td>
              <Link to={`/creators/${row._id}`} className="creators-table__name"><bdi>{row.name}</bdi></Link>
              <span className="creators-table__handle"><bdi>{`${row.handle} · ${platformLabel(row.platform)}`}</bdi></span>
              <span className="creators-table__badges">
                {row.reelscopeVerified && <span className="badge">Verified</span>}
                {row.trending && <span className="badge">Trending</span>}
                {row.has_note && <span className="badge">Note</span>}
              </span>
            </td>
            <td><bdi>{row.country || '—'}</bdi></td>
            <td data-testid="creator-subscribers" data-value={row.subscribers}>{formatCount(row.subscribers)}</td>
            <td data-testid="creator-videos" data-value={row.video_count}>{formatNumber(row.video_count)}</td>
            <td data-testid="creator-latest" data-value={row.latest_platform_video_published_at ?? ''}>
              {row.latest_platform_video_published_at ? <time dateTime={row.latest_platform_video_published_at}>{formatDate(row.latest_platform_video_published_at)}</time> : '—'}
            </td>
            <td>{row.email ? <bdi className={row.valid_email ? '' : 'creators-table__invalid'}><EmailText email={row.email} /></bdi> : '—'}</td>
            <td><bdi>{row.manufacturerName}</bdi>{row.is_competitor ? ' (competitor)' : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
