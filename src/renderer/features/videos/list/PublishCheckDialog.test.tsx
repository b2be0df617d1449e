import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { PUBLISH_BLOCKED } from '../../../../shared/rules/licensing';
import { PublishCheckDialog } from './PublishCheckDialog';

const blocked = (count: number) => Array.from({ length: count }, (_, i) => ({ id: `v${i}`, title: `Video ${i + 1}`, reason: PUBLISH_BLOCKED.unlicensed }));

describe('the check before a bulk publish', () => {
  it('names how many cannot go and why, and publishes only the others when asked', async () => {
    const publishRest = vi.fn(() => Promise.resolve('3 videos published'));
    render(<PublishCheckDialog blocked={blocked(2)} selected={5} publishRest={publishRest} onClose={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Publish to app' });
    expect(dialog.textContent).toContain('2 of the 5 selected videos cannot be published to the shopper app:');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([`“Video 1”: ${PUBLISH_BLOCKED.unlicensed}`, `“Video 2”: ${PUBLISH_BLOCKED.unlicensed}`]);
    expect(publishRest).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Publish the other 3' }));
    expect(await screen.findByText('3 videos published')).toBeTruthy();
    expect(publishRest).toHaveBeenCalledTimes(1);
  });

  it('counts the blocked videos past ten, and offers nothing to publish when none can go', () => {
    render(<PublishCheckDialog blocked={blocked(12)} selected={12} publishRest={() => Promise.resolve('')} onClose={() => {}} />);
    expect(screen.getByRole('alertdialog').textContent).toContain('None of the 12 selected videos can be published to the shopper app:');
    expect(screen.getAllByRole('listitem')).toHaveLength(11);
    expect(screen.getAllByRole('listitem').at(-1)?.textContent).toBe('and 2 more');
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
