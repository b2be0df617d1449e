import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ReportTableView } from '../../src/renderer/features/reports/ReportTableView';

describe("a speech report's passages on screen", () => {
  it('quote each passage whole and mark the highlight where it is said', () => {
    const passage = 'Honestly I want to be transparent about this serum: it did not work for my dry skin in winter';
    const table = {
      kind: 'table' as const, id: 'passages', title: 'What was said', mark: 'Transparent',
      columns: [{ label: 'Video', format: 'text' as const }, { label: 'At', format: 'text' as const }, { label: 'Passage', format: 'text' as const, wrap: true }],
      rows: [['Thirty days', '0:42', passage]], links: ['reelscope://videos/v1?t=42'],
    };
    render(<MemoryRouter><ReportTableView table={table} /></MemoryRouter>);
    const row = screen.getByRole('row', { name: /Thirty days/ });
    expect(row.textContent).toContain(passage);
    const marks = row.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['transparent']);
  });
});
