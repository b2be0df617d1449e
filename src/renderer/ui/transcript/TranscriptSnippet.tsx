import { MESSAGES } from '../../../shared/messages';
import { snippetAround } from '../../../shared/rules/formatting';
import { HighlightedText } from './HighlightedText';

interface TranscriptSnippetProps {
  text: string;
  query?: string;
  /** Shown as the 'See more in transcript' action when the text was cut. */
  onSeeMore?: () => void;
}

/** A transcript excerpt cut at 250 characters (spec §9) around the searched words, with 'See more in transcript' when cut. */
export function TranscriptSnippet({ text, query = '', onSeeMore }: TranscriptSnippetProps) {
  const shown = snippetAround(text, query);
  const cut = shown.cutStart || shown.cutEnd;
  return (
    <span className="transcript-snippet">
      <HighlightedText text={`${shown.cutStart ? '…' : ''}${shown.text}${shown.cutEnd ? '…' : ''}`} query={query} />
      {cut && onSeeMore && (
        <>
          {' '}
          <button type="button" className="link-button transcript-snippet__more" onClick={onSeeMore}>
            {MESSAGES.seeMoreInTranscript}
          </button>
        </>
      )}
      {cut && !onSeeMore && <span className="transcript-snippet__more"> {MESSAGES.seeMoreInTranscript}</span>}
    </span>
  );
}
