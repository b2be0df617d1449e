import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_TEXTS } from '../../../../shared/analysisProgress';
import { AnalysingMark } from './AnalysingMark';

describe("the list's Being analysed mark (issue 41 item 7)", () => {
  it('marks a video in analysis, with its share done and the step in the title where known', () => {
    const { rerender } = render(<AnalysingMark stage="processing" />);
    expect(screen.getByTestId('analysing-mark').textContent).toBe(ANALYSIS_TEXTS.beingAnalysed);
    rerender(<AnalysingMark stage="processing" progress={{ step: 'reading_screen', fraction: 0.55 }} />);
    expect(screen.getByTestId('analysing-mark').textContent).toBe(`${ANALYSIS_TEXTS.beingAnalysed} · 55 %`);
    expect(screen.getByTestId('analysing-mark').getAttribute('title')).toBe('Reading text on screen · 55 %');
  });

  it('says a queued video waits, and marks nothing once the analysis completed', () => {
    const { rerender } = render(<AnalysingMark stage="pending" progress={null} />);
    expect(screen.getByTestId('analysing-mark').textContent).toBe(ANALYSIS_TEXTS.waiting);
    rerender(<AnalysingMark stage="completed" progress={null} />);
    expect(screen.queryByTestId('analysing-mark')).toBeNull();
  });
});
