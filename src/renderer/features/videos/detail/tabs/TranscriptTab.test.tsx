import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { ANALYSIS_TEXTS } from '../../../../../shared/analysisProgress';
import type { TranscriptLine } from '../../../../../shared/domain/video';
import type { VideoDetail } from '../../../../../shared/http/videos.schemas';
import { fakeClients, videoDetail, WHO } from '../../../../../../tests/component/support/analysisFakes';
import { createVideoDetailSlices } from '../videoDetail.atoms';
import { linesOfTrack } from '../transcriptTracks';
import { TranscriptTab } from './TranscriptTab';

const line = (line_no: number, start_time: number, content: string, track?: 'speech' | 'screen'): TranscriptLine => ({ line_no, start_time, content, sentiment: 'neutral', speaker: null, ...(track ? { track } : {}) });

const LINES = [
  line(0, 1, 'Hi, this is the Glow Serum'),
  line(1, 9, 'It lasts all day', 'speech'),
  line(0, 0, '20% OFF · #ad', 'screen'),
  line(1, 9, 'glowserum.com', 'screen'),
];

function renderTab(lines: TranscriptLine[], video: VideoDetail = videoDetail()) {
  const { store } = fakeClients({ 'GET /videos/v1/transcript': { video_id: 'v1', search: '', total_lines: lines.length, transcription: lines } });
  const onSeek = vi.fn();
  render(
    <Provider store={store}>
      <TranscriptTab video={video} who={WHO} slices={createVideoDetailSlices()} onSeek={onSeek} onVideoChanged={() => undefined} />
    </Provider>,
  );
  return { onSeek };
}

/** Each shown line as time + text ("0:09 glowserum.com"), the track tag included where shown. */
const shownLines = () => screen.queryAllByRole('listitem').map((item) => `${item.querySelector('.transcript-time')?.textContent?.replace(/^Play from [^,]+, /, '')} ${item.querySelector('.transcript-line__text')?.textContent}`);
const choose = (name: string) => fireEvent.click(screen.getByRole('radio', { name: new RegExp(`^${name}`) }));

describe('Transcript tab in two tracks (issue 41 item 4)', () => {
  it('shows Speech first (lines without a track are speech), On screen on its own, and All interleaved by time', async () => {
    renderTab(LINES);
    expect(await screen.findByText('Hi, this is the Glow Serum')).toBeTruthy();
    expect(shownLines()).toEqual(['0:01 Hi, this is the Glow Serum', '0:09 It lasts all day']);
    expect(screen.getByRole('radio', { name: /^Speech\s*2$/ })).toBeTruthy();
    choose('On screen');
    expect(shownLines()).toEqual(['0:00 20% OFF · #ad', '0:09 glowserum.com']);
    choose('All');
    // At the same second the spoken line comes first; each on-screen line says it is one.
    expect(shownLines()).toEqual(['0:00 On screen20% OFF · #ad', '0:01 Hi, this is the Glow Serum', '0:09 It lasts all day', '0:09 On screenglowserum.com']);
  });

  it('seeks the player from an on-screen line as from a spoken one', async () => {
    const { onSeek } = renderTab(LINES);
    await screen.findByText('Hi, this is the Glow Serum');
    choose('On screen');
    const row = screen.getByText('glowserum.com').closest('li');
    fireEvent.click(within(row!).getByRole('button'));
    expect(onSeek).toHaveBeenCalledWith(9);
  });

  it('an analysed video with only on-screen text says "No speech in this video" on the Speech track', async () => {
    renderTab([line(0, 0, '#ad', 'screen')]);
    expect((await screen.findByTestId('transcript-empty')).textContent).toBe(ANALYSIS_TEXTS.noSpeech);
    choose('On screen');
    expect(screen.getByText('#ad')).toBeTruthy();
  });

  it('an analysed video with speech only says "No text seen on screen" on the On screen track', async () => {
    renderTab([line(0, 0, 'Hello')]);
    await screen.findByText('Hello');
    choose('On screen');
    expect(screen.getByTestId('transcript-empty').textContent).toBe(ANALYSIS_TEXTS.noScreenText);
  });

  it('a video whose speech was never read says why, not "no speech"', async () => {
    renderTab([], videoDetail({ not_analysed: { speech: 'not analysed: no speech engine set up', visual_content: null, demographics: null, sponsored: 'not analysed: no speech engine set up' } }));
    expect((await screen.findByTestId('transcript-empty')).textContent).toBe('Transcript not analysed: no speech engine set up.');
  });

  it('a video still being analysed says so on both tracks, never "no speech"', async () => {
    renderTab([], videoDetail({ analysis_stage: 'processing', not_analysed: { speech: 'not analysed yet: the analysis is still running', visual_content: null, demographics: null, sponsored: null } }));
    expect((await screen.findByTestId('transcript-empty')).textContent).toBe('Transcript not analysed yet: the analysis is still running.');
    choose('On screen');
    expect(screen.getByTestId('transcript-empty').textContent).toBe('Text on screen not analysed yet: the analysis is still running.');
  });

  it("a link's transcript says its video is not on this computer", async () => {
    renderTab([], videoDetail({ platform: 'Youtube', media_file: null }));
    expect((await screen.findByTestId('transcript-empty')).textContent).toBe("Transcript not analysed: this link's video is not on this computer.");
  });
});

describe('linesOfTrack', () => {
  it('keeps spoken line numbers and numbers on-screen lines after them, so keys stay unique when mixed', () => {
    expect(linesOfTrack(LINES, 'all').map((entry) => entry.line_no)).toEqual([1_000_000, 0, 1, 1_000_001]);
    expect(linesOfTrack(LINES, 'screen').map((entry) => entry.track)).toEqual(['screen', 'screen']);
  });
});
