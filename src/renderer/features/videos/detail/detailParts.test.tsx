import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../../shared/messages';
import { installFakeDesktopHost } from '../../../../../tests/component/support/fakeDesktopHost';
import { DownloadButton } from '../popup/DownloadButton';
import { RemoteView } from '../../../ui/remote';
import { ShareBars } from './ShareBars';

describe('RemoteView', () => {
  it('shows loading, then a failure that names what failed with a retry, then the body', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<RemoteView state={{ phase: 'loading' }} what="the sentiment" onRetry={onRetry}>{(body: string) => body}</RemoteView>);
    expect(screen.getByRole('status').textContent).toContain('Loading the sentiment');
    rerender(<RemoteView state={{ phase: 'failure', error: 'Video not found', statusText: 'Not Found', code: 404 }} what="the sentiment" onRetry={onRetry}>{(body: string) => body}</RemoteView>);
    expect(screen.getByRole('alert').textContent).toContain('Could not load the sentiment: Video not found');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<RemoteView state={{ phase: 'success', body: 'loaded body', status: 200 }} what="the sentiment" onRetry={onRetry}>{(body: string) => body}</RemoteView>);
    expect(screen.getByText('loaded body')).toBeTruthy();
  });
});

describe('ShareBars', () => {
  it('lists every bucket with its share as text', () => {
    render(<ShareBars title="Gender" entries={[{ label: 'Male', share: 0.215 }, { label: 'Female', share: 0.785 }]} />);
    expect(screen.getByText('21.5%')).toBeTruthy();
    expect(screen.getByText('78.5%')).toBeTruthy();
  });
});

/** The button inside a router, as the popup and the detail page hold it; /library shows where "open" leads. */
function inRouter(button: ReactElement) {
  return render(
    <MemoryRouter initialEntries={['/videos/x']}>
      <Routes>
        <Route path="/videos/:id" element={button} />
        <Route path="/library" element={<p>Offline library page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('DownloadButton', () => {
  it('says why a Dropbox video cannot be downloaded instead of the YouTube and TikTok text, and never asks the host', () => {
    const fake = installFakeDesktopHost();
    inRouter(<DownloadButton videoId="db1" title="A Dropbox video" platform="Dropbox" />);
    const button = screen.getByRole('button', { name: 'Download video' });
    expect(button.getAttribute('title')).toBe('Only videos uploaded to Reelscope or from Google Drive can be downloaded; save this one from Dropbox.');
    expect(button.getAttribute('title')).not.toContain('YouTube');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(fake.callsTo('downloads.start')).toHaveLength(0);
  });

  it('gives the spec hover text for YouTube and TikTok and never asks the host', () => {
    const fake = installFakeDesktopHost();
    inRouter(<DownloadButton videoId="yt1" title="A YouTube video" platform="Youtube" />);
    const button = screen.getByRole('button', { name: 'Download video' });
    expect(button.getAttribute('title')).toBe(MESSAGES.downloadUnsupported);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(fake.callsTo('downloads.start')).toHaveLength(0);
  });

  it('starts one download for an allowed platform and ignores a second click while it runs', async () => {
    const fake = installFakeDesktopHost();
    fake.answer('downloads.start', { downloadId: 'd1' });
    fake.answer('library.list', []);
    inRouter(<DownloadButton videoId="gd1" title="Drive video" platform="GoogleDrive" />);
    const button = screen.getByRole('button', { name: 'Download video' });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(fake.callsTo('downloads.start')).toEqual([{ videoId: 'gd1', title: 'Drive video', platform: 'GoogleDrive' }]);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(fake.callsTo('downloads.start')).toHaveLength(1);
  });

  // Another video than the tests above: their download of gd1 is still running in the shared store.
  it('offers the offline copy of a video already saved on this computer instead of a second download', async () => {
    const fake = installFakeDesktopHost();
    fake.answer('library.list', [
      { itemId: 'i1', kind: 'video', videoId: 'gd2', title: 'Drive video', platform: 'GoogleDrive', creator: null, size: 10, savedAt: '2026-11-20T10:00:00.000Z', fileType: 'mp4', filePath: '/d/Drive video.mp4', available: true, url: '/__host/media/i1', thumbnailUrl: null, hasTranscript: true },
    ]);
    inRouter(<DownloadButton videoId="gd2" title="Drive video" platform="GoogleDrive" variant="detail" />);
    // The library answers asynchronously; let it settle inside act so React applies the state.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const open = await screen.findByRole('button', { name: 'Open offline copy' });
    expect(screen.queryByRole('button', { name: 'Download video' })).toBeNull();
    fireEvent.click(open);
    expect(await screen.findByText('Offline library page')).toBeTruthy();
    expect(fake.callsTo('downloads.start')).toHaveLength(0);
  });
});
