import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../../shared/messages';
import { installFakeDesktopHost } from '../../../../../tests/component/support/fakeDesktopHost';
import { DownloadButton } from '../popup/DownloadButton';
import { RemoteView } from './RemoteView';
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

describe('DownloadButton', () => {
  it('gives the spec hover text for YouTube and TikTok and never asks the host', () => {
    const fake = installFakeDesktopHost();
    render(<DownloadButton videoId="yt1" title="A YouTube video" platform="Youtube" />);
    const button = screen.getByRole('button', { name: 'Download video' });
    expect(button.getAttribute('title')).toBe(MESSAGES.downloadUnsupported);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(fake.callsTo('downloads.start')).toHaveLength(0);
  });

  it('starts one download for an allowed platform and ignores a second click while it runs', async () => {
    const fake = installFakeDesktopHost();
    fake.answer('downloads.start', { downloadId: 'd1' });
    render(<DownloadButton videoId="gd1" title="Drive video" platform="GoogleDrive" />);
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
});
