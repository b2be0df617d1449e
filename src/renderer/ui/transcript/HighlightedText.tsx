import { Fragment } from 'react';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Splits text around case-insensitive occurrences of a query (the same match rule as searchTranscript). */
export function splitMatches(text: string, query: string): { text: string; match: boolean }[] {
  const needle = query.trim();
  if (needle === '') return [{ text, match: false }];
  const parts = text.split(new RegExp(`(${escapeRegExp(needle)})`, 'giu'));
  return parts.filter((part) => part !== '').map((part) => ({ text: part, match: part.toLocaleLowerCase() === needle.toLocaleLowerCase() }));
}

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
