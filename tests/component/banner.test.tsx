import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { BANNER_DISMISS_MS } from '../../src/shared/constants';
import { Banner, pushBannerAtom } from '../../src/renderer/ui/banner';

function setup() {
  const store = createStore();
  render(
    <Provider store={store}>
      <Banner />
    </Provider>,
  );
  const push = (text: string | null | undefined, tone?: 'info' | 'error') => act(() => store.set(pushBannerAtom, text, tone));
  return { push };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('banner area', () => {
  it('auto-dismisses the first message after 6000 ms, then the next one after its own 6000 ms', () => {
    vi.useFakeTimers();
    const { push } = setup();
    push('Video moved to trash');
    push('Could not reach the server', 'error');
    expect(screen.getByRole('status').textContent).toContain('Video moved to trash');
    expect(screen.getByRole('alert').textContent).toContain('Could not reach the server');

    act(() => vi.advanceTimersByTime(BANNER_DISMISS_MS - 1));
    expect(screen.queryByText('Video moved to trash')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Video moved to trash')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Could not reach the server');

    act(() => vi.advanceTimersByTime(BANNER_DISMISS_MS));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a click dismisses exactly the message clicked', () => {
    const { push } = setup();
    push('First');
    push('Second');
    push('Third');
    fireEvent.click(screen.getByText('Second'));
    expect(screen.queryByText('Second')).toBeNull();
    expect(screen.getByText('First')).toBeTruthy();
    expect(screen.getByText('Third')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss message' })[0]!);
    expect(screen.queryByText('First')).toBeNull();
  });

  it('never shows empty or null messages', () => {
    const { push } = setup();
    push('');
    push('   ');
    push(null);
    push(undefined);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
