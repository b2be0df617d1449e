import type { VideoListResponse } from '../../../../shared/http/videos.schemas';
import { formatCount, formatDate, formatNumber } from '../../../lib/format';
import { DATE_ITEMS } from './listOptions';

const percent = (share: number) => `${Math.round(share * 100)}%`;
const day = (iso: string) => formatDate(iso);

/** The top buckets of one demographic share map, largest first. */
function topShares(shares: Record<string, number>, count: number): string {
  return Object.entries(shares)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([bucket, share]) => `${bucket} ${percent(share)}`)
    .join(', ');
}

/** The summary of the response `data`: count, pages, loaded-for window, yesterday, sentiment and demographics. */
export function ListSummary({ data }: { data: VideoListResponse['data'] }) {
  const window = data.loaded_for;
  const range = DATE_ITEMS.find((item) => item.value === window.date)?.label ?? window.date;
  return (
    <dl className="videos-summary" aria-label="Summary">
      <div className="videos-summary__item">
        <dt>Videos</dt>
        <dd data-testid="videos-count">{formatNumber(data.count)}</dd>
      </div>
      <div className="videos-summary__item">
        <dt>Pages</dt>
        <dd data-testid="videos-pages">{data.totalPages}</dd>
      </div>
      <div className="videos-summary__item">
        <dt>Loaded for</dt>
        <dd>
          {range}: {window.start ? `${day(window.start)} – ` : 'up to '}
          {day(window.end)}
        </dd>
      </div>
      <div className="videos-summary__item">
        <dt>Last 24 hours</dt>
        <dd>
          <bdi>+{formatCount(data.yesterday)}</bdi>
        </dd>
      </div>
      <div className="videos-summary__item">
        <dt>Sentiment</dt>
        <dd>
          {data.sentiment.measured === 0 ? (
            // No matching video has a transcript yet: there is no sentiment, which "0 % positive" would misstate.
            <span title="None of these videos has a transcript to measure sentiment from yet.">—</span>
          ) : (
            <>
              <bdi className="videos-summary__positive">{percent(data.sentiment.positive)} positive</bdi> ·{' '}
              <bdi className="videos-summary__negative">{percent(data.sentiment.negative)} negative</bdi>
            </>
          )}
        </dd>
      </div>
      <div className="videos-summary__item videos-summary__item--wide">
        <dt>Audience</dt>
        <dd dir="auto">
          {topShares(data.demographics.gender, 2) || '—'} · {topShares(data.demographics.age_range, 2) || '—'} ·{' '}
          {topShares(data.demographics.ethnicity, 2) || '—'}
        </dd>
      </div>
    </dl>
  );
}
