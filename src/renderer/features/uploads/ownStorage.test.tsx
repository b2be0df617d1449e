import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { installFakeDesktopHost } from '../../../../tests/component/support/fakeDesktopHost';
import { OwnStorageForm } from './OwnStorageForm';

const started = { uploadId: 'u1', videoId: 'v1', stream: null };

function renderForm(initialFiles: File[] = []) {
  return render(
    <Provider store={createStore()}>
      <OwnStorageForm initialFiles={initialFiles} onUploaded={() => undefined} />
    </Provider>,
  );
}

describe('OwnStorageForm in Electron', () => {
  it('chooses files with the native chooser and starts the upload with their paths (main reads them)', async () => {
    const fake = installFakeDesktopHost('electron');
    fake.answer('dialog.pickFiles', (input: { kind: string }) =>
      input.kind === 'video' ? { paths: ['/home/maya/Videos/launch.mp4', 'C:\\Subs\\launch.srt'] } : null,
    );
    fake.answer('uploads.start', started);
    renderForm();
    expect(screen.queryByLabelText('Video file')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose video' }));
    await screen.findByText('Video: launch.mp4');
    expect(screen.getByText('Subtitles: launch.srt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(fake.callsTo('uploads.start')).toHaveLength(1));
    expect(fake.callsTo('dialog.pickFiles')).toEqual([{ kind: 'video' }]);
    expect(fake.callsTo('uploads.start')[0]).toEqual({
      file: { name: 'launch.mp4', size: 0, path: '/home/maya/Videos/launch.mp4' },
      subtitle: { name: 'launch.srt', size: 0, path: 'C:\\Subs\\launch.srt' },
    });
  });

  it('resolves dropped files through the preload pathForFile', async () => {
    const dropped = new File(['x'.repeat(10)], 'drop.webm', { type: 'video/webm' });
    const fake = installFakeDesktopHost('electron', { pathForFile: (file) => (file === dropped ? '/tmp/drop.webm' : '') });
    fake.answer('uploads.start', started);
    renderForm([dropped]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(fake.callsTo('uploads.start')).toEqual([{ file: { name: 'drop.webm', size: 10, path: '/tmp/drop.webm' }, subtitle: null }]));
  });

  it('shows the host message when the chooser fails, and refuses a picked file outside the MIME map', async () => {
    const fake = installFakeDesktopHost('electron');
    fake.answer('dialog.pickFiles', new Error('Failed to open the file chooser. Please try again.'));
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Choose video' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to open the file chooser');
    fake.answer('dialog.pickFiles', { paths: ['/home/maya/clip.mov'] });
    fireEvent.click(screen.getByRole('button', { name: 'Choose video' }));
    await screen.findByText('Video: clip.mov');
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('OwnStorageForm in the web host', () => {
  it('keeps the file inputs and sends no path (the page streams the File)', async () => {
    const fake = installFakeDesktopHost('web');
    fake.answer('uploads.start', { uploadId: 'u2', videoId: 'v2', stream: null });
    renderForm();
    const file = new File(['abc'], 'web.mp4', { type: 'video/mp4' });
    fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(fake.callsTo('uploads.start')).toEqual([{ file: { name: 'web.mp4', size: 3 }, subtitle: null }]));
    expect(fake.callsTo('dialog.pickFiles')).toEqual([]);
  });
});
