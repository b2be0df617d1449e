import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { ANALYSIS_TEXTS } from '../../../../shared/analysisProgress';
import type { VideoStatusResponse } from '../../../../shared/http/uploads.schemas';
import { addLiveEventsAtom } from '../../../lib/liveChanges';
import { fakeClients, videoDetail, videoStatus, WHO } from '../../../../../tests/component/support/analysisFakes';
import { AnalysisProgressBar } from './AnalysisProgressBar';
import { AnalysisStatusPanel } from './AnalysisStatusPanel';

const analysisChange = (videoId: string) => ({ kind: 'analysis' as const, target_kind: 'video', target_id: videoId, video_id: videoId, by: null });

describe('analysis progress bar (issue 41 item 7)', () => {
  it('says the step and its percent on a progressbar with aria-valuenow', () => {
    render(<AnalysisProgressBar stage="processing" progress={{ step: 'transcribing', fraction: 0.4 }} failure={null} />);
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('Transcribing speech · 40 %');
    expect(screen.getByText('Transcribing speech · 40 %')).toBeTruthy();
  });

  it('has no figure before the first step reports: waiting, or being analysed, without aria-valuenow', () => {
    const { rerender } = render(<AnalysisProgressBar stage="pending" progress={null} failure={null} />);
    expect(screen.getByRole('status').textContent).toBe(ANALYSIS_TEXTS.waiting);
    expect(screen.getByRole('progressbar').hasAttribute('aria-valuenow')).toBe(false);
    rerender(<AnalysisProgressBar stage="processing" progress={null} failure={null} />);
    expect(screen.getByRole('status').textContent).toBe(ANALYSIS_TEXTS.beingAnalysed);
  });

  it('shows nothing for a completed video, and the failure sentence with Try again when the last run failed', () => {
    const onRetry = vi.fn();
    const { container, rerender } = render(<AnalysisProgressBar stage="completed" progress={null} failure={null} />);
    expect(container.textContent).toBe('');
    rerender(<AnalysisProgressBar stage="completed" progress={null} failure="Transcription failed: the service refused the key" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Transcription failed: the service refused the key');
    fireEvent.click(screen.getByRole('button', { name: ANALYSIS_TEXTS.tryAgain }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('analysis status on the detail', () => {
  it('reads the status and follows the change stream: the bar moves when the video-changed event arrives', async () => {
    let status: VideoStatusResponse = videoStatus({ progress: { step: 'decoding_audio', fraction: 0.1 } });
    const { store, calls } = fakeClients({ 'GET /videos/v1/status': () => status });
    render(<Provider store={store}><AnalysisStatusPanel video={videoDetail({ analysis_stage: 'processing' })} who={WHO} own onReload={() => undefined} /></Provider>);
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('10'));
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/videos/v1/status', params: WHO });
    status = videoStatus({ progress: { step: 'transcribing', fraction: 0.4 } });
    // Another video's change is not this one's.
    act(() => store.set(addLiveEventsAtom, [analysisChange('v2')]));
    act(() => store.set(addLiveEventsAtom, [analysisChange('v1')]));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByText('Transcribing speech · 40 %')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/videos/v1/status')).toHaveLength(2);
  });

  it('Try again after a failure starts the re-analysis (POST /reanalyze) and reads the video again', async () => {
    let status = videoStatus({ analysis_stage: 'completed', failure: 'Transcription failed: the service refused the key' });
    const onReload = vi.fn();
    const { store, calls } = fakeClients({
      'GET /videos/v1/status': () => status,
      'POST /reanalyze': () => {
        status = videoStatus({ analysis_stage: 'pending' });
        return { message: 'Re-analysis started.' };
      },
    });
    render(<Provider store={store}><AnalysisStatusPanel video={videoDetail()} who={WHO} own onReload={onReload} /></Provider>);
    fireEvent.click(await screen.findByRole('button', { name: ANALYSIS_TEXTS.tryAgain }));
    await waitFor(() => expect(onReload).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/reanalyze', data: { ...WHO, videoId: 'v1' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe(ANALYSIS_TEXTS.waiting);
  });

  it("does not read a competitor's status and offers it no Try again", async () => {
    const { store, calls } = fakeClients({});
    render(<Provider store={store}><AnalysisStatusPanel video={videoDetail({ analysis_stage: 'processing', is_competitor: true })} who={WHO} own={false} onReload={() => undefined} /></Provider>);
    expect(screen.getByRole('status').textContent).toBe(ANALYSIS_TEXTS.beingAnalysed);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
  });
});

describe('a link video (issue 41 item 6)', () => {
  const link = videoDetail({ platform: 'Tiktok', media_file: null, video_url: 'https://www.tiktok.com/@a/video/1', analysis_stage: 'completed' });

  it('says its file stays on the platform, reads no status, and Add the file posts the file and reads the video again', async () => {
    const onReload = vi.fn();
    const { store, calls } = fakeClients({ 'POST /videos/v1/media': videoStatus({ analysis_stage: 'pending' }) });
    render(<Provider store={store}><AnalysisStatusPanel video={link} who={WHO} own onReload={onReload} /></Provider>);
    expect(screen.getByText("This video's file is not on this computer: it stays on TikTok.")).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const file = new File([new Uint8Array([0, 0, 0, 24])], 'serum.mp4', { type: 'video/mp4' });
    fireEvent.change(screen.getByTestId('add-file-input'), { target: { files: [file] } });
    await waitFor(() => expect(onReload).toHaveBeenCalledOnce());
    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ url: '/videos/v1/media', params: WHO });
    expect((post?.data as FormData).get('file')).toBeInstanceOf(File);
    expect(((post?.data as FormData).get('file') as File).name).toBe('serum.mp4');
    expect(calls.some((call) => call.url === '/videos/v1/status')).toBe(false);
  });

  it("shows the back end's refusal and keeps the button", async () => {
    const { store } = fakeClients({});
    render(<Provider store={store}><AnalysisStatusPanel video={link} who={WHO} own onReload={() => undefined} /></Provider>);
    fireEvent.change(screen.getByTestId('add-file-input'), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain('The file could not be added: No answer for POST /videos/v1/media');
    expect((screen.getByRole('button', { name: ANALYSIS_TEXTS.addFile }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("offers no Add the file on a competitor's link", () => {
    const { store } = fakeClients({});
    render(<Provider store={store}><AnalysisStatusPanel video={{ ...link, platform: 'Youtube' }} who={WHO} own={false} onReload={() => undefined} /></Provider>);
    expect(screen.getByText("This video's file is not on this computer: it stays on YouTube.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: ANALYSIS_TEXTS.addFile })).toBeNull();
  });
});
