import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { SUBSCRIBER_THRESHOLDS } from '../../../shared/constants';
import { CreatorFilterPanel } from './CreatorFilterPanel';
import { creatorListStateAtom } from './creatorList.atoms';

const OPTIONS = { country: [{ value: 'Spain', label: 'Spain', count: 3 }], subscribers: [], validEmail: 7, reelscopeVerified: 2 };

describe('creator filter panel', () => {
  it('sets country, the subscribers threshold and bound, videos, and the flags; each change goes back to page 1', () => {
    const store = createStore();
    store.set(creatorListStateAtom, { ...store.get(creatorListStateAtom), page: 3 });
    render(
      <Provider store={store}>
        <CreatorFilterPanel id="f" options={OPTIONS} />
      </Provider>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /^Spain/ }));
    expect(store.get(creatorListStateAtom).country).toEqual(['Spain']);
    expect(store.get(creatorListStateAtom).page).toBe(1);

    const threshold = screen.getByRole('combobox', { name: 'Subscribers threshold' });
    expect(Array.from((threshold as HTMLSelectElement).options).map((option) => option.value)).toEqual(['', ...SUBSCRIBER_THRESHOLDS.map(String)]);
    fireEvent.change(threshold, { target: { value: '50000' } });
    fireEvent.click(screen.getByRole('group', { name: 'Subscribers' }).querySelectorAll('input')[1]!);
    expect(store.get(creatorListStateAtom).subscribers).toEqual({ radio: 'lte', value: 50000 });

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of videos' }), { target: { value: '4' } });
    expect(store.get(creatorListStateAtom).videos).toEqual({ radio: 'gte', value: 4 });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Valid email (7)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reelscope verified (2)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Trending' }));
    const state = store.get(creatorListStateAtom);
    expect([state.validEmail, state.reelscopeVerified, state.trending]).toEqual([true, true, true]);
  });
});
