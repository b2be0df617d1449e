import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { LibraryItem } from '../../../shared/ipc/desktop.schemas';
import { installFakeDesktopHost } from '../../../../tests/component/support/fakeDesktopHost';
import { LibraryScreen } from './LibraryScreen';

const VIDEO: LibraryItem = {
  itemId: 'i1', kind: 'video', videoId: 'v1', title: 'Serum review', platform: 'Reelscope_AWS_S3', creator: 'Maya', size: 148000,
  savedAt: '2026-01-05T10:00:00.000Z', fileType: 'mp4', filePath: '/d/Serum review.mp4', available: true, url: '/__host/media/i1?token=t', thumbnailUrl: null, hasTranscript: true,
};
const PDF: LibraryItem = { ...VIDEO, itemId: 'i2', kind: 'transcript', fileType: 'pdf', filePath: '/e/Serum review.pdf', url: '/__host/media/i2?token=t', hasTranscript: false };

function renderLibrary() {
  return render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={['/library']}>
        <LibraryScreen />
      </MemoryRouter>
    </Provider>,
  );
}

describe('LibraryScreen', () => {
  it('says how to fill an empty library', async () => {
    const fake = installFakeDesktopHost();
    fake.answer('library.list', []);
    renderLibrary();
    expect(await screen.findByText('Nothing offline yet')).toBeTruthy();
  });

  it('lists items, plays the selected video beside its transcript, and searches every transcript', async () => {
    const fake = installFakeDesktopHost();
    fake.answer('library.list', [PDF, VIDEO]);
    fake.answer('library.transcript', { itemId: 'i1', videoId: 'v1', title: 'Serum review', lines: [{ start_time: 3, content: 'This serum is light' }] });
    fake.answer('library.search', [{ itemId: 'i1', videoId: 'v1', title: 'Serum review', kind: 'video', matches: [{ start_time: 3, content: 'This serum is light' }], totalMatches: 1 }]);
    renderLibrary();
    const rows = await screen.findAllByTestId('library-item');
    expect(rows).toHaveLength(2);
    fireEvent.click(rows[1] as HTMLElement);
    expect(screen.getByTestId('library-video').getAttribute('src')).toBe('/__host/media/i1?token=t');
    expect(await screen.findByText('This serum is light')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search all offline transcripts' }), { target: { value: 'serum' } });
    expect(await screen.findByText('1 matching line in 1 item', undefined, { timeout: 2000 })).toBeTruthy();
    expect(fake.callsTo('library.search')).toEqual([{ query: 'serum' }]);
    // Only videos: the PDF leaves the list.
    fireEvent.click(screen.getByRole('radio', { name: /Videos/ }));
    expect(screen.getAllByTestId('library-item')).toHaveLength(1);
  });

  it('re-reads the list when the host says the library changed', async () => {
    const fake = installFakeDesktopHost();
    fake.answer('library.list', []);
    renderLibrary();
    await screen.findByText('Nothing offline yet');
    fake.answer('library.list', [VIDEO]);
    fake.answer('library.transcript', { itemId: 'i1', videoId: 'v1', title: 'Serum review', lines: [] });
    act(() => fake.emit('library.changed', { count: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('library-item')).toHaveLength(1));
  });
});
