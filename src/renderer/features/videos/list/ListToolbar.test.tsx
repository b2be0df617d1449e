import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { ListToolbar } from './ListToolbar';
import { videoListStateAtom } from './videoList.atoms';
import { toListQuery } from './videoFilters.query';
import { stateFromAddress } from './useSearchFromAddress';

describe('the videos list search scope', () => {
  it('offers "On screen": the list then searches only the words written on screen', () => {
    const store = createStore();
    store.set(videoListStateAtom, { ...store.get(videoListStateAtom), search: 'Glow Serum' });
    render(
      <Provider store={store}>
        <ListToolbar />
      </Provider>,
    );
    const scope = screen.getByRole('combobox', { name: 'Search in' }) as HTMLSelectElement;
    expect([...scope.options].map((option) => option.textContent)).toEqual(['Titles and creators', 'Transcripts', 'On screen']);
    expect(screen.getByPlaceholderText('Search titles, creators and words on screen')).toBeTruthy();
    fireEvent.change(scope, { target: { value: 'on_screen' } });
    expect(store.get(videoListStateAtom).searchIn).toBe('on_screen');
    expect(screen.getByPlaceholderText('Search words written on screen')).toBeTruthy();
    expect(toListQuery(store.get(videoListStateAtom), { brand_id: 'b1', user_id: 'u1' })).toMatchObject({ search: 'Glow Serum', search_in: 'on_screen' });
  });

  it('an address may ask for it (in=on_screen); an unknown scope searches titles', () => {
    expect(stateFromAddress(new URLSearchParams('search=glow&in=on_screen'))).toMatchObject({ search: 'glow', searchIn: 'on_screen' });
    expect(stateFromAddress(new URLSearchParams('search=glow&in=transcript'))).toMatchObject({ searchIn: 'transcript' });
    expect(stateFromAddress(new URLSearchParams('search=glow&in=everywhere'))).toMatchObject({ searchIn: 'title' });
  });
});
