import { useId, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { searchTranscript } from '../../../shared/rules';
import { ANALYSIS_TEXTS } from '../../../shared/analysisProgress';
import { HighlightedText } from './HighlightedText';
import { TimeButton } from './TimeButton';
import { TranscriptSnippet } from './TranscriptSnippet';
import './transcript.css';

/** One timed line as the panel shows it (spec §3 transcript item, with optional sentiment and speaker). */
export interface TranscriptPanelLine {
  line_no: number;
  start_time: number;
  content: string;
  sentiment?: 'positive' | 'negative' | 'neutral';
  speaker?: string | null;
  /** Written in the picture (OCR) rather than said; marked "On screen" where the panel mixes both tracks. */
  track?: 'speech' | 'screen';
}

interface TranscriptPanelProps {
  lines: readonly TranscriptPanelLine[];
  /** The Sentiment Highlights row shown above the matching lines; omit to leave the row out. */
  highlights?: readonly TranscriptPanelLine[];
  onSeek: (seconds: number) => void;
  title?: string;
  /** A header button folds the panel away (popup). */
  collapsible?: boolean;
  defaultExpanded?: boolean;
  /** Maximum height of the scrolling lines area, in px (popup: PLAYER_SIZES.transcriptPanelMaxHeight). */
  maxHeight?: number;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Why the video has no transcript (its speech was not analysed), said instead of "no transcript yet". */
  emptyReason?: string | null;
  /** The whole sentence said when there is no line (e.g. "No speech in this video"); wins over emptyReason. */
  emptyText?: string;
  /** Marks each on-screen line as such (the Transcript tab's "All" track). */
  markScreenLines?: boolean;
  /** Shown between the header and the search (the Transcript tab's track switch). */
  toolbar?: ReactNode;
}

/** Timed transcript with keyword search (case-insensitive substring), highlighted matches and seek-on-click. */
export function TranscriptPanel(props: TranscriptPanelProps) {
  const { lines, highlights, onSeek, title = 'Transcript', collapsible = false, defaultExpanded = true, maxHeight, loading, error, onRetry, emptyReason, emptyText, markScreenLines = false, toolbar } = props;
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [query, setQuery] = useState('');
  const baseId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const matching = useMemo(() => searchTranscript(lines, query), [lines, query]);
  const matchingHighlights = useMemo(() => (highlights ? searchTranscript(highlights, query) : []), [highlights, query]);
  const bodyId = `${baseId}-body`;
  const scrollStyle: CSSProperties | undefined = maxHeight ? { maxBlockSize: maxHeight } : undefined;

  const showLine = (lineNo: number) => {
    const button = listRef.current?.querySelector<HTMLButtonElement>(`[data-line="${lineNo}"] .transcript-time`);
    button?.focus();
  };

  const heading = <span className="transcript-panel__title">{title}</span>;
  return (
    <section className="transcript-panel" aria-label={title} data-testid="transcript-panel">
      <div className="transcript-panel__header">
        {collapsible ? (
          <button type="button" className="transcript-panel__toggle" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded((value) => !value)}>
            <span className={`transcript-panel__chevron${expanded ? ' is-open' : ''}`} aria-hidden="true">
              ▸
            </span>
            {heading}
          </button>
        ) : (
          <h2 className="transcript-panel__heading">{heading}</h2>
        )}
      </div>
      {expanded && (
        <div id={bodyId} className="transcript-panel__body">
          {toolbar}
          <div className="transcript-panel__search">
            <label className="visually-hidden" htmlFor={`${baseId}-search`}>
              Search the transcript
            </label>
            <input
              id={`${baseId}-search`}
              className="input"
              type="search"
              placeholder="Search the transcript"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
            <span className="transcript-panel__count" role="status" aria-live="polite">
              {loading || error ? '' : query.trim() ? `${matching.length} of ${lines.length} lines` : `${lines.length} lines`}
            </span>
          </div>
          {loading && <p className="transcript-panel__state">Loading the transcript…</p>}
          {!loading && error && (
            <p className="transcript-panel__state transcript-panel__state--error" role="alert">
              The transcript could not be loaded: {error}{' '}
              {onRetry && (
                <button type="button" className="link-button" onClick={onRetry}>
                  Try again
                </button>
              )}
            </p>
          )}
          {!loading && !error && (
            <div className="transcript-panel__scroll" style={scrollStyle} tabIndex={-1}>
              {highlights && (
                <div className="transcript-highlights" aria-label="Sentiment Highlights" role="group">
                  <h3 className="transcript-highlights__title">Sentiment Highlights</h3>
                  {matchingHighlights.length === 0 ? (
                    <p className="transcript-panel__state">{query.trim() ? 'No highlight mentions this keyword.' : 'No sentiment highlights in this video.'}</p>
                  ) : (
                    <ul className="transcript-highlights__list">
                      {matchingHighlights.map((line) => (
                        <li key={line.line_no} className={`transcript-highlight transcript-highlight--${line.sentiment ?? 'neutral'}`}>
                          <TimeButton seconds={line.start_time} onSeek={onSeek} />
                          <span className="transcript-highlight__tone">{line.sentiment}</span>
                          <TranscriptSnippet text={line.content} query={query} onSeeMore={() => showLine(line.line_no)} />
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
              {lines.length === 0 ? (
                <p className="transcript-panel__state" data-testid="transcript-empty">{emptyText ?? (emptyReason ? `Transcript ${emptyReason}.` : 'This video has no transcript yet.')}</p>
              ) : matching.length === 0 ? (
                <p className="transcript-panel__state">No line contains “{query.trim()}”.</p>
              ) : (
                <ol ref={listRef} className="transcript-lines">
                  {matching.map((line) => (
                    <li key={line.line_no} className={`transcript-line${line.track === 'screen' ? ' transcript-line--screen' : ''}`} data-line={line.line_no} data-track={line.track ?? 'speech'}>
                      <TimeButton seconds={line.start_time} onSeek={onSeek} />
                      <span className="transcript-line__text">
                        {markScreenLines && line.track === 'screen' && <span className="transcript-line__track">{ANALYSIS_TEXTS.trackScreen}</span>}
                        {line.speaker && <span className="transcript-line__speaker">{line.speaker}: </span>}
                        {/* Isolated with its own direction: an Arabic or Hebrew line reads right to left after a Latin speaker name. */}
                        <bdi>
                          <HighlightedText text={line.content} query={query} />
                        </bdi>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
