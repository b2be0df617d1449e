import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { DATE_RANGES } from '../../../shared/constants';
import { SPEECH_CLUSTERS, SPEECH_SORTS, type Report, type SpeechCluster, type SpeechReportQueryInput } from '../../../shared/http/reports.schemas';
import { platformLabel, valueLabel } from '../../../shared/labels';
import { useServices } from '../../app/useServices';
import { formatDate, formatNumber } from '../../lib/format';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { optionsOf, SelectField } from '../../ui/form';
import { RemoteView } from '../../ui/remote';
import { formatTime, TranscriptSnippet } from '../../ui/transcript';
import { fetchSpeechReport, type Who } from './reports.api';

const SORT_LABELS = { youtube_published_at: 'Publication date', views: 'Views', positive: 'Positive sentiment', negative: 'Negative sentiment' } as const;

/** Speech report passages (spec §7 /reports/speech_reports): find what was said; a passage opens the video at its second. */
export function SpeechPassages({ who, report, duration }: { who: Who; report: Report; duration: (typeof DATE_RANGES)[number] }) {
  const { api } = useServices();
  // The saved report's highlight is where the search starts (what "about price" is about); the field can change it.
  const [typed, setTyped] = useState(report.highlight);
  const [highlight, setHighlight] = useState(report.highlight);
  const [cluster, setCluster] = useState<(typeof SPEECH_CLUSTERS)[number]>('video');
  const [sort, setSort] = useState<(typeof SPEECH_SORTS)[number]>('youtube_published_at');
  const [desc, setDesc] = useState(true);
  const tooShort = typed.trim() !== '' && [...typed.trim()].length < 3;
  const search = useMemo(() => ({
    filters: JSON.stringify(report.filters), duration, highlight, cluster, cluster_sort_by: sort, desc,
    ...(duration === 'custom' && report.start_date && report.end_date ? { start_date: report.start_date, end_date: report.end_date } : {}),
  }), [report, duration, highlight, cluster, sort, desc]);
  // A new search starts at its first page.
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });
  const query: SpeechReportQueryInput = useMemo(() => ({ ...search, page }), [search, page]);
  const result = useRemoteQuery(JSON.stringify(query), useCallback(() => fetchSpeechReport(api.main, who, query), [api, who, query]));
  return (
    <div className="speech">
      <form className="home-toolbar" role="search" onSubmit={(event) => { event.preventDefault(); if (!tooShort) setHighlight(typed.trim()); }}>
        <label className="toolbar-field">
          <span>Find what was said</span>
          <input className="input" type="search" value={typed} maxLength={200} placeholder="A word or phrase, 3 characters or more" aria-invalid={tooShort || undefined} onChange={(event) => setTyped(event.target.value)} />
        </label>
        <button type="submit" className="btn btn--small" disabled={tooShort}>Find</button>
        <SelectField label="Group by" value={cluster} options={optionsOf(SPEECH_CLUSTERS, valueLabel)} onChange={setCluster} />
        <SelectField label="Sort by" value={sort} options={optionsOf(SPEECH_SORTS, (value) => SORT_LABELS[value])} onChange={setSort} />
        <label className="check"><input type="checkbox" checked={desc} onChange={(event) => setDesc(event.target.checked)} /> Highest first</label>
      </form>
      {tooShort && <p className="field__hint" role="status">Type at least 3 characters to search what was said.</p>}
      <RemoteView state={result.state} what="the passages" onRetry={result.reload}>
        {(body) => body.total_videos === 0 ? (
          <p className="report-empty">{body.highlight ? `No video of this window says "${body.highlight}".` : 'No transcript in this window yet.'}</p>
        ) : (
          <>
            <p className="speech__summary" role="status">
              {body.highlight ? `${formatNumber(body.total_videos)} videos say "${body.highlight}"` : `${formatNumber(body.total_videos)} transcribed videos; the lines said with a clear sentiment`}
              {cluster === 'creator' ? `, from ${formatNumber(body.total_clusters)} creators` : ''}.
            </p>
            <ol className="speech__clusters">
              {body.clusters.map((group) => (
                <li key={group.key} className="speech__cluster">
                  {cluster === 'creator' && <h3 className="speech__creator"><bdi>{group.label}</bdi></h3>}
                  {group.videos.map((video) => (
                    <article key={video._id} className="speech__video">
                      <header>
                        <Link to={`/videos/${video._id}`} className="speech__title"><bdi>{video.title}</bdi></Link>
                        <span className="home-item__meta">{platformLabel(video.platform)}{video.creator_name ? ` · ${video.creator_name}` : ''}{video.published_at ? ` · ${formatDate(video.published_at)}` : ''} · {formatNumber(video.views)} views · {video.passage_count} {video.passage_count === 1 ? 'passage' : 'passages'}</span>
                      </header>
                      <VideoPassages video={video} highlight={body.highlight} />
                    </article>
                  ))}
                </li>
              ))}
            </ol>
            {body.pages > 1 && (
              <nav className="report-table__pager" aria-label="Passage pages">
                <button type="button" className="btn btn--small" disabled={page === 1} onClick={() => setPage(page - 1)}>Previous</button>
                <span>Page {body.page} of {formatNumber(body.pages)}</span>
                <button type="button" className="btn btn--small" disabled={page >= body.pages} onClick={() => setPage(page + 1)}>Next</button>
              </nav>
            )}
          </>
        )}
      </RemoteView>
    </div>
  );
}

/** Passages shown before "Show all": a page of twenty videos stays a page, not a transcript dump. */
const FIRST_PASSAGES = 3;

/** One video's passages: the first few, the rest on demand; each plays the video at its second. */
function VideoPassages({ video, highlight }: { video: SpeechCluster['videos'][number]; highlight: string }) {
  const navigate = useNavigate();
  const [all, setAll] = useState(false);
  if (video.passages.length === 0) return <p className="report-empty">Nothing said with a clear sentiment.</p>;
  const shown = all ? video.passages : video.passages.slice(0, FIRST_PASSAGES);
  const at = (seconds: number) => `/videos/${video._id}?t=${Math.floor(seconds)}`;
  return (
    <>
      <ul className="speech__passages">
        {shown.map((passage) => (
          <li key={passage.start_time}>
            <Link to={at(passage.start_time)} className="speech__time" aria-label={`Play from ${formatTime(passage.start_time)}`}>{formatTime(passage.start_time)}</Link>
            <bdi className="speech__text"><TranscriptSnippet text={passage.content} query={highlight} onSeeMore={() => navigate(at(passage.start_time))} /></bdi>
            {passage.sentiment && passage.sentiment !== 'neutral' && <span className={`speech__sentiment speech__sentiment--${passage.sentiment}`}>{valueLabel(passage.sentiment)}</span>}
          </li>
        ))}
      </ul>
      {video.passages.length > FIRST_PASSAGES && (
        <button type="button" className="link-button speech__more" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${video.passage_count} passages`}
        </button>
      )}
      {all && video.passage_count > video.passages.length && (
        <p className="field__hint">The first {video.passages.length} are listed; <Link to={`/videos/${video._id}`}>the transcript</Link> has the rest.</p>
      )}
    </>
  );
}

