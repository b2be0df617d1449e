import { useCallback, useId, useMemo, useState } from 'react';
import { ANALYSIS_TEXTS, emptyTrackText } from '../../../../../shared/analysisProgress';
import { useServices } from '../../../../app/useServices';
import { TranscriptPanel } from '../../../../ui/transcript';
import { useRemoteSlice } from '../../../../lib/useRemoteSlice';
import type { TrackChoice } from '../transcriptTracks';
import { linesOfTrack } from '../transcriptTracks';
import { fetchTranscript } from '../videoDetail.api';
import type { DetailTabProps } from './tabProps';

const CHOICES: readonly { value: TrackChoice; label: string }[] = [
  { value: 'speech', label: ANALYSIS_TEXTS.trackSpeech },
  { value: 'screen', label: ANALYSIS_TEXTS.trackScreen },
  { value: 'all', label: ANALYSIS_TEXTS.trackAll },
];

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
