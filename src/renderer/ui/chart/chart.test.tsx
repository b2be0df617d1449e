import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { GraphType } from '../../../shared/charts/timeSeriesOption';
import { formatCount, formatPercent } from '../../lib/format';
import { GraphTypeSwitch } from './GraphTypeSwitch';
import { KpiCard } from './KpiCard';

describe('KpiCard', () => {
  it('shows the figure, its change in per cent, and says the whole change to a screen reader', () => {
    render(<KpiCard label="Views" value={1_250_000} previous={1_000_000} format={formatCount} />);
    const card = screen.getByRole('group', { name: 'Views' });
    expect(card.querySelector('.kpi-card__value')?.textContent).toBe('1.3M');
    const change = card.querySelector('.kpi-card__change');
    expect(change?.className).toContain('--good');
    expect(change?.textContent).toContain(formatPercent(0.25));
    expect(change?.textContent).toContain(`up ${formatPercent(0.25)} from 1M`);
  });

  it('colours a rise of a bad figure as bad news, and shows a dash without a figure', () => {
    const { container } = render(<KpiCard label="Negative sentiment" value={0.3} previous={0.2} format={formatPercent} higherIsBetter={false} />);
    expect(container.querySelector('.kpi-card__change')?.className).toContain('--bad');
    render(<KpiCard label="Sentiment" value={null} previous={0.4} format={formatPercent} />);
    const empty = screen.getByRole('group', { name: 'Sentiment' });
    expect(empty.querySelector('.kpi-card__value')?.textContent).toBe('—');
    // Nothing now: no change to tell (there was a previous period; it is now that has no figure).
    expect(empty.textContent).toContain('nothing to measure in this period');
  });
});

function Switch() {
  const [type, setType] = useState<GraphType>('line');
  return (
    <>
      <GraphTypeSwitch value={type} onChange={setType} />
      <output>{type}</output>
    </>
  );
}

describe('GraphTypeSwitch', () => {
  it('is a radio group: a click chooses, arrow keys move the choice and the focus, one tab stop', () => {
    render(<Switch />);
    const group = screen.getByRole('radiogroup', { name: 'Graph type' });
    expect(screen.getByRole('radio', { name: 'Line' }).getAttribute('aria-checked')).toBe('true');
    expect(group.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    fireEvent.click(screen.getByRole('radio', { name: 'Area' }));
    expect(document.querySelector('output')?.textContent).toBe('area');
    fireEvent.keyDown(screen.getByRole('radio', { name: 'Area' }), { key: 'ArrowRight' });
    expect(document.querySelector('output')?.textContent).toBe('line');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Line' }));
    fireEvent.keyDown(screen.getByRole('radio', { name: 'Line' }), { key: 'ArrowLeft' });
    expect(document.querySelector('output')?.textContent).toBe('area');
  });
});
