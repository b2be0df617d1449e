import { Fragment } from 'react';
import { splitMatches } from '../../../shared/text/splitMatches';

export { splitMatches };

/** Text with every occurrence of the query marked. */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  return (
    <>
      {splitMatches(text, query).map((part, index) =>
        part.match ? (
          <mark key={index} className="transcript-mark">
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
