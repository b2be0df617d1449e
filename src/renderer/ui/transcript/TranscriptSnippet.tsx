import { MESSAGES } from '../../../shared/messages';
import { truncateSnippet } from '../../../shared/rules';
import { HighlightedText } from './HighlightedText';

interface TranscriptSnippetProps {
  text: string;
  query?: string;
  /** Shown as the 'See more in transcript' action when the text was cut. */
  onSeeMore?: () => void;
}

/** A transcript excerpt cut at 250 characters (spec §9), with 'See more in transcript' when cut. */
export function TranscriptSnippet({ text, query = '', onSeeMore }: TranscriptSnippetProps) {
  const snippet = truncateSnippet(text);
  return (
    <span className="transcript-snippet">
      <HighlightedText text={snippet.truncated ? `${snippet.text}…` : snippet.text} query={query} />
      {snippet.truncated && onSeeMore && (
        <>
          {' '}
          <button type="button" className="link-button transcript-snippet__more" onClick={onSeeMore}>
            {MESSAGES.seeMoreInTranscript}
          </button>
        </>
      )}
      {snippet.truncated && !onSeeMore && <span className="transcript-snippet__more"> {MESSAGES.seeMoreInTranscript}</span>}
    </span>
  );
}
