import { useCallback } from 'react';
import { useServices } from '../../../../app/useServices';
import { TranscriptPanel } from '../../../../ui/transcript';
import { useRemoteSlice } from '../../../../lib/useRemoteSlice';
import { fetchTranscript } from '../videoDetail.api';
import type { DetailTabProps } from './tabProps';

/** The timed transcript: search, highlighted matches, a time click seeks the player. */
export function TranscriptTab({ video, who, slices, onSeek }: DetailTabProps) {
  const { api } = useServices();
  const request = useCallback(() => fetchTranscript(api.main, who, video._id), [api, who, video._id]);
  const { state, reload } = useRemoteSlice(slices.transcript, request);
  return (
    <TranscriptPanel
      lines={state.phase === 'success' ? state.body.transcription : []}
      onSeek={onSeek}
      loading={state.phase === 'loading' || state.phase === 'idle'}
      error={state.phase === 'failure' ? state.error : null}
      onRetry={() => void reload()}
      emptyReason={video.not_analysed.speech}
    />
  );
}
