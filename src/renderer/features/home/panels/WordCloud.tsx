import { useNavigate } from 'react-router-dom';
import type { WordCloudWidget } from '../../../../shared/http/home.schemas';
import { videosSearchPath, type SearchScope } from '../../videos';

/** Sizes from the least to the most said term, in rem. */
const SMALLEST = 0.8;
const LARGEST = 2.1;

/**
 * The words said in the period, larger the more they are said; a word opens the videos list searched for it in the
 * transcripts over the same window: the period and platform shown, the brand's own folder, or that competitor's
 * videos of the Competition tab.
 */
export function WordCloud({ body, period }: { body: WordCloudWidget; period: NonNullable<SearchScope['date']> }) {
  const navigate = useNavigate();
  const counts = body.terms.map((term) => term.count);
  const most = Math.max(...counts);
  const least = Math.min(...counts);
  const size = (count: number) => (most === least ? 1.2 : SMALLEST + ((Math.log(count) - Math.log(least)) / (Math.log(most) - Math.log(least))) * (LARGEST - SMALLEST));
  // Alphabetical, so the eye does not read the order as a ranking; the size carries the count.
  const terms = [...body.terms].sort((a, b) => a.term.localeCompare(b.term));
  return (
    <>
      <ul className="word-cloud" aria-label="Words said most">
        {terms.map((term) => (
          <li key={term.term}>
            <button
              type="button"
              className="word-cloud__word"
              style={{ fontSize: `${size(term.count).toFixed(2)}rem` }}
              aria-label={`${term.term}, said ${term.count} times: search the videos`}
              onClick={() => void navigate(videosSearchPath(term.term, {
                inTranscripts: true, date: period, platform: body.platform,
                ...(body.brand.competitor ? { tab: 'Competition', brand: body.brand.id } : { tab: 'My Videos' }),
              }))}
            >
              <bdi>{term.term}</bdi>
            </button>
          </li>
        ))}
      </ul>
      <p className="home-panel__note">
        From the transcripts of {body.videos_read === body.videos_in_window ? `all ${body.videos_read}` : `the newest ${body.videos_read}`} of the period’s {body.videos_in_window} videos.
      </p>
    </>
  );
}
