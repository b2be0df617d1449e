import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { installFakeDesktopHost } from '../../../../tests/component/support/fakeDesktopHost';
import { DownloadsTray } from './DownloadsTray';
import { ExportDialog } from './ExportDialog';

function renderWith(node: React.ReactNode) {
  return render(
    <Provider store={createStore()}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  );
}

describe('DownloadsTray', () => {
  it('shows a running download with its progress and cancels it through the host', async () => {
    const fake = installFakeDesktopHost();
    fake.answer('downloads.list', []);
    renderWith(<DownloadsTray />);
    expect(screen.queryByTestId('downloads-tray')).toBeNull();
    act(() => fake.emit('downloads.progress', { downloadId: 'd1', videoId: 'v1', title: 'Serum review', state: 'running', bytes: 512 * 1024, total: 2 * 1024 * 1024, bytesPerSecond: 1024 * 1024 }));
    const bar = screen.getByRole('progressbar', { name: 'Download of Serum review' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('512.0 KB of 2.0 MB · 1.0 MB/s')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel download of Serum review' }));
    await waitFor(() => expect(fake.callsTo('downloads.cancel')).toEqual([{ downloadId: 'd1' }]));
    act(() => fake.emit('downloads.progress', { downloadId: 'd1', videoId: 'v1', title: 'Serum review', state: 'failed', bytes: 0, total: null, bytesPerSecond: 0, error: 'The disk is full.' }));
    expect(screen.getByText('The disk is full.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByTestId('downloads-tray')).toBeNull();
  });

  it('shows an export with done of total and a cancel', async () => {
    const fake = installFakeDesktopHost();
    fake.answer('downloads.list', []);
    renderWith(<DownloadsTray />);
    act(() => fake.emit('transcripts.exportProgress', { exportId: 'e1', done: 3, total: 12, state: 'running', directory: '/home/maya/Transcripts' }));
    expect(screen.getByRole('progressbar', { name: 'Transcript export' }).getAttribute('aria-valuenow')).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel transcript export' }));
    await waitFor(() => expect(fake.callsTo('transcripts.cancelExport')).toEqual([{ exportId: 'e1' }]));
  });
});

describe('ExportDialog', () => {
  it('fills the web host folder, defaults to PDF and starts the export with the resolved ids', async () => {
    const fake = installFakeDesktopHost('web');
    fake.answer('dialog.pickDirectory', { path: '/data/exports' });
    fake.answer('transcripts.export', { exportId: 'e9' });
    let closed = false;
    renderWith(<ExportDialog count={2} scope="the 2 selected videos" resolveIds={async () => ['a', 'b']} onClose={() => (closed = true)} />);
    expect((screen.getByRole('radio', { name: /PDF/ }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(screen.getByTestId('export-folder').textContent).toBe('/data/exports'));
    fireEvent.click(screen.getByRole('radio', { name: /CSV/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Export 2 transcripts' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(fake.callsTo('transcripts.export')).toEqual([{ videoIds: ['a', 'b'], directory: '/data/exports', fileType: 'csv' }]);
  });

  it('says the spec text when the folder picker fails, and keeps Export off', async () => {
    const fake = installFakeDesktopHost('electron');
    fake.answer('dialog.pickDirectory', new Error('dialog crashed'));
    renderWith(<ExportDialog count={1} scope="1 video" resolveIds={async () => ['a']} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose folder…' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.directoryPickerFailed);
    expect((screen.getByRole('button', { name: 'Export 1 transcript' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
