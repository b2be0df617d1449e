import { platformLabel } from '../../../../shared/labels';
import { useAtomValue, useSetAtom } from 'jotai';
import type { VideoListItem } from '../../../../shared/http/videos.schemas';
import { formatCount, formatDate } from '../../../lib/format';
import { useServices } from '../../../app/useServices';
import type { TableColumn } from '../../../ui/table';
import { VirtualTable } from '../../../ui/table';
import { describeTime, formatTime, HighlightedText } from '../../../ui/transcript';
import { Link } from 'react-router-dom';
import { AnalysingMark } from './AnalysingMark';
import { SentimentBar } from './SentimentBar';
import { selectBlocker, toSelected } from './selectionRules';
import { checkModeAtom, selectionsAtom, setSelectionAtom, videoListStateAtom } from './videoList.atoms';
import { VideoThumb } from '../../../ui/thumb';

const ROW_HEIGHT = 64;

interface VideoTableProps {
  rows: readonly VideoListItem[];
  busy: boolean;
  onOpen: (videoId: string) => void;
}

/** The list rows (virtualised): thumbnail, title, platform, creator, date, views and sentiment; checkboxes in check mode. */
export function VideoTable({ rows, busy, onOpen }: VideoTableProps) {
  const { backend } = useServices();
  const mode = useAtomValue(checkModeAtom);
  const selections = useAtomValue(selectionsAtom);
  const setSelection = useSetAtom(setSelectionAtom);
  const selected = mode ? selections[mode] : {};
  const media = (path: string | null) => (path === null ? null : /^https?:/.test(path) ? path : `${backend.origin}${path}`);

  const toggle = (row: VideoListItem, on: boolean) => {
    if (!mode) return;
    const next = { ...selected };
    if (on) next[row._id] = toSelected(row);
    else delete next[row._id];
    setSelection(mode, next);
  };
  const selectable = mode ? rows.filter((row) => selectBlocker(mode, row) === null) : [];
  const allOnPage = selectable.length > 0 && selectable.every((row) => selected[row._id]);
  const togglePage = (on: boolean) => {
    if (!mode) return;
    const next = { ...selected };
    for (const row of selectable) {
      if (on) next[row._id] = toSelected(row);
      else delete next[row._id];
    }
    setSelection(mode, next);
  };

  // The words under a found video are marked as the search typed them.
  const { search, sort } = useAtomValue(videoListStateAtom);
  const byPublished = sort === 'newest_videos' || sort === 'oldest_videos';
  const columns: TableColumn<VideoListItem>[] = [
    ...(mode
      ? [{
          key: 'check',
          width: '32px',
          header: <input type="checkbox" aria-label="Select all on this page" checked={allOnPage} onChange={(event) => togglePage(event.target.checked)} />,
          render: (row: VideoListItem) => {
            const blocker = selectBlocker(mode, row);
            return (
              <span title={blocker ?? undefined}>
                <input
                  type="checkbox"
                  aria-label={`Select ${row.title}`}
                  checked={Boolean(selected[row._id])}
                  disabled={blocker !== null}
                  onChange={(event) => toggle(row, event.target.checked)}
                />
              </span>
            );
          },
        }]
      : []),
    {
      key: 'thumb', width: '64px', header: <span className="visually-hidden">Thumbnail</span>,
      render: (row) => {
        return <VideoThumb className="video-thumb" src={media(row.thumbnail_url)} title={row.title} platform={row.platform} lazy />;
      },
    },
    {
      key: 'title', width: 'minmax(140px, 3fr)', header: 'Title',
      render: (row) => (
        <div className="video-title">
          <button type="button" className="video-title__open" dir="auto" onClick={() => onOpen(row._id)}>
            {row.title}
          </button>
          {row.transcript_match ? (
            // Where the search was said: opens the video at that moment.
            <Link className="video-title__said" to={`/videos/${row._id}?tab=transcript&t=${row.transcript_match.start_time}`} title={row.transcript_match.content}>
              <span className="video-title__said-time" aria-label={`At ${describeTime(row.transcript_match.start_time)}:`}>
                {formatTime(row.transcript_match.start_time)}
              </span>{' '}
              <bdi>
                <HighlightedText text={row.transcript_match.content} query={search} />
              </bdi>
            </Link>
          ) : null}
          <span className="video-title__marks">
            <AnalysingMark stage={row.analysis_stage} progress={row.analysis_progress} />
            {row.is_favorite && <span className="video-mark">Favorite</span>}
            {row.is_flagged && <span className="video-mark video-mark--danger">Flagged</span>}
            {row.published && <span className="video-mark video-mark--success">Published</span>}
            {row.is_competitor && <span className="video-mark">{row.manufacturerName}</span>}
          </span>
        </div>
      ),
    },
    { key: 'platform', width: 'minmax(80px, 1fr)', header: 'Platform', render: (row) => <span className="vtable__text" dir="auto">{platformLabel(row.platform)}</span> },
    { key: 'creator', width: 'minmax(90px, 1.2fr)', header: 'Creator', render: (row) => <span className="vtable__text" dir="auto">{row.creator_name ?? '—'}</span> },
    // The date the list is sorted by: newest/oldest videos order by the platform's publish date, the rest by when added.
    byPublished
      ? { key: 'date', width: '96px', header: 'Published', render: (row) => (row.published_at ? <time dateTime={row.published_at}>{formatDate(row.published_at)}</time> : '—') }
      : { key: 'date', width: '96px', header: 'Added', render: (row) => <time dateTime={row.created_at}>{formatDate(row.created_at)}</time> },
    { key: 'views', width: '56px', header: 'Views', align: 'end', render: (row) => formatCount(row.views) },
    { key: 'sentiment', width: '96px', header: 'Sentiment', render: (row) => (row.sentiment === null
      ? <span className="sentiment-bar__none" title="Sentiment not analysed: this video has no transcript">—</span>
      : <SentimentBar positive={row.sentiment.positive} negative={row.sentiment.negative} />) },
  ];

  return (
    <VirtualTable
      label="Videos"
      rows={rows}
      rowKey={(row) => row._id}
      columns={columns}
      rowHeight={ROW_HEIGHT}
      height={`min(${Math.max(rows.length, 1) * ROW_HEIGHT}px, calc(100vh - 260px))`}
      busy={busy}
      isRowSelected={mode ? (row) => Boolean(selected[row._id]) : undefined}
    />
  );
}
