import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { SNIPPET_MAX_CHARS } from '../../../shared/constants';
import { TranscriptPanel } from './TranscriptPanel';
import type { TranscriptPanelLine } from './TranscriptPanel';

const LINES: TranscriptPanelLine[] = [
  { line_no: 0, start_time: 0.7, content: 'I have been using the Hydra Cream for 14 days.', sentiment: 'neutral', speaker: 'Omar' },
  { line_no: 1, start_time: 21.7, content: 'The CREAM feels a bit cheap.', sentiment: 'negative', speaker: 'Omar' },
  { line_no: 2, start_time: 75.2, content: 'Honestly great value.', sentiment: 'positive', speaker: null },
];
const HIGHLIGHTS = LINES.filter((line) => line.sentiment !== 'neutral');

describe('TranscriptPanel', () => {
  it('filters lines by a case-insensitive substring and marks every match', () => {
    render(<TranscriptPanel lines={LINES} onSeek={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Search the transcript'), { target: { value: 'cReAm' } });
    const items = document.querySelectorAll('.transcript-line');
    expect(items).toHaveLength(2);
    const marks = Array.from(document.querySelectorAll('mark')).map((mark) => mark.textContent);
    expect(marks).toEqual(['Cream', 'CREAM']);
    expect(screen.getByRole('status').textContent).toContain('2 of 3 lines');
  });

  it('says when no line matches', () => {
    render(<TranscriptPanel lines={LINES} onSeek={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Search the transcript'), { target: { value: 'sunscreen' } });
    expect(document.querySelectorAll('.transcript-line')).toHaveLength(0);
    expect(screen.getByText(/No line contains/)).toBeTruthy();
  });

  it('asks the player to seek to the clicked time', () => {
    const onSeek = vi.fn();
    render(<TranscriptPanel lines={LINES} onSeek={onSeek} />);
    fireEvent.click(screen.getByRole('button', { name: /^Play from 1 minute 15 seconds, ?1:15$/ }));
    expect(onSeek).toHaveBeenCalledWith(75.2);
    expect(screen.getByRole('button', { name: /^Play from 1 minute 15 seconds, ?1:15$/ }).textContent).toContain('1:15');
  });

  it('shows the Sentiment Highlights row before the matching lines, both filtered by the keyword', () => {
    render(<TranscriptPanel lines={LINES} highlights={HIGHLIGHTS} onSeek={() => undefined} />);
    const row = screen.getByRole('group', { name: 'Sentiment Highlights' });
    const list = document.querySelector('.transcript-lines');
    expect(list).not.toBeNull();
    // The highlights row comes first in document order.
    expect(row.compareDocumentPosition(list as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(row).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Search the transcript'), { target: { value: 'value' } });
    expect(within(row).getAllByRole('listitem')).toHaveLength(1);
    expect(document.querySelectorAll('.transcript-line')).toHaveLength(1);
  });

  it('folds away when collapsible and keeps its lines inside a capped scroll area', () => {
    render(<TranscriptPanel lines={LINES} onSeek={() => undefined} collapsible maxHeight={300} />);
    const toggle = screen.getByRole('button', { name: 'Transcript' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect((document.querySelector('.transcript-panel__scroll') as HTMLElement).style.maxBlockSize).toBe('300px');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Search the transcript')).toBeNull();
  });

  it('truncates long highlight snippets at 250 characters with See more in transcript', () => {
    const long = `${'a'.repeat(SNIPPET_MAX_CHARS)}TAIL`;
    const lines = [{ line_no: 7, start_time: 3, content: long, sentiment: 'positive' as const }];
    render(<TranscriptPanel lines={lines} highlights={lines} onSeek={() => undefined} />);
    const row = screen.getByRole('group', { name: 'Sentiment Highlights' });
    const snippet = row.querySelector('.transcript-snippet');
    expect(snippet?.textContent).not.toContain('TAIL');
    expect(snippet?.textContent?.startsWith(`${'a'.repeat(SNIPPET_MAX_CHARS)}…`)).toBe(true);
    const more = within(row).getByRole('button', { name: MESSAGES.seeMoreInTranscript });
    fireEvent.click(more);
    // The full line in the list below gets the focus.
    expect(document.activeElement?.closest('[data-line="7"]')).not.toBeNull();
  });

  it('moves a long highlight to show the searched keyword whole instead of cutting it off', () => {
    const long = `${'a '.repeat(130)}the price is right ${'b '.repeat(100)}`;
    const lines = [{ line_no: 9, start_time: 3, content: long, sentiment: 'positive' as const }];
    render(<TranscriptPanel lines={lines} highlights={lines} onSeek={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Search the transcript'), { target: { value: 'price' } });
    const row = screen.getByRole('group', { name: 'Sentiment Highlights' });
    const snippet = row.querySelector('.transcript-snippet')!;
    expect(snippet.querySelector('mark')?.textContent).toBe('price');
    expect(snippet.textContent?.startsWith('…')).toBe(true);
  });

  it('reports loading and failure with a retry', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<TranscriptPanel lines={[]} onSeek={() => undefined} loading />);
    expect(screen.getByText('Loading the transcript…')).toBeTruthy();
    rerender(<TranscriptPanel lines={[]} onSeek={() => undefined} error="Server error" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('The transcript could not be loaded: Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
