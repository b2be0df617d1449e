import { useCallback, useId, useMemo, useState } from 'react';
import { ANALYSIS_TEXTS, emptyTrackText } from '../../../../../shared/analysisProgress';
import type { TranscriptTrack } from '../../../../../shared/analysisProgress';
import type { TranscriptLine } from '../../../../../shared/domain/video';
import { useServices } from '../../../../app/useServices';
import { TranscriptPanel } from '../../../../ui/transcript';
import type { TranscriptPanelLine } from '../../../../ui/transcript';
import { useRemoteSlice } from '../../../../lib/useRemoteSlice';
import { fetchTranscript } from '../videoDetail.api';
import type { DetailTabProps } from './tabProps';

/** Which lines the tab shows: what was said, what was written in the picture, or both by time. */
export type TrackChoice = TranscriptTrack | 'all';

const CHOICES: readonly { value: TrackChoice; label: string }[] = [
  { value: 'speech', label: ANALYSIS_TEXTS.trackSpeech },
  { value: 'screen', label: ANALYSIS_TEXTS.trackScreen },
  { value: 'all', label: ANALYSIS_TEXTS.trackAll },
];

const trackOf = (line: TranscriptLine): TranscriptTrack => line.track ?? 'speech';

/**
 * The lines of one choice, in time order, renumbered: speech and screen lines are numbered apart by the back end, so
 * their line_no may repeat once mixed.
 */
export function linesOfTrack(lines: readonly TranscriptLine[], choice: TrackChoice): TranscriptPanelLine[] {
  const chosen = choice === 'all' ? [...lines] : lines.filter((line) => trackOf(line) === choice);
  if (choice === 'all') chosen.sort((a, b) => a.start_time - b.start_time || (trackOf(a) === trackOf(b) ? a.line_no - b.line_no : trackOf(a) === 'speech' ? -1 : 1));
  return chosen.map((line, index) => ({ ...line, line_no: index, track: trackOf(line) }));
}

/** The timed transcript in two tracks (Speech, On screen, or All by time): search, highlighted matches, a time click seeks the player. */
export function TranscriptTab({ video, who, slices, onSeek }: DetailTabProps) {
  const { api } = useServices();
  const request = useCallback(() => fetchTranscript(api.main, who, video._id), [api, who, video._id]);
  const { state, reload } = useRemoteSlice(slices.transcript, request);
  const [choice, setChoice] = useState<TrackChoice>('speech');
  const name = useId();
  const all = useMemo(() => (state.phase === 'success' ? state.body.transcription : []), [state]);
  const lines = useMemo(() => linesOfTrack(all, choice), [all, choice]);
  const counts = useMemo(() => ({ speech: linesOfTrack(all, 'speech').length, screen: linesOfTrack(all, 'screen').length, all: all.length }), [all]);
  const loaded = state.phase === 'success';
  const empty = emptyTrackText(choice, { analysis_stage: video.analysis_stage, platform: video.platform, media_file: video.media_file, speechReason: video.not_analysed.speech });

  const toolbar = (
    <div className="segmented transcript-tracks" role="radiogroup" aria-label="Transcript track">
      {CHOICES.map((option) => (
        <label key={option.value}>
          <input type="radio" name={name} value={option.value} checked={choice === option.value} onChange={() => setChoice(option.value)} />
          {option.label}
          {loaded && <span className="transcript-tracks__count"> {counts[option.value]}</span>}
        </label>
      ))}
    </div>
  );
  return (
    <TranscriptPanel
      lines={lines}
      onSeek={onSeek}
      loading={state.phase === 'loading' || state.phase === 'idle'}
      error={state.phase === 'failure' ? state.error : null}
      onRetry={() => void reload()}
      emptyText={empty}
      markScreenLines={choice === 'all'}
      toolbar={toolbar}
    />
  );
}
