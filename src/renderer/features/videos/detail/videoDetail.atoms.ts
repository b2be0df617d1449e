import type { VideoDetail, TranscriptResponse, VideoListItem } from '../../../../shared/http/videos.schemas';
import type { RemoteListSlice } from '../../../lib/remoteSlice';
import { createRemoteDetailSlice, createRemoteSlice } from '../../../lib/remoteSlice';
import type {
  MyOrCompetitor, VideoAssociations, VideoDemographics, VideoNoteResponse, VideoPeople, VideoProducts, VideoSentiment,
} from './videoDetail.api';

/** The list a detail update also reaches (spec §4: updating a detail replaces that video in the loaded list). */
export type LinkedVideoList = Pick<RemoteListSlice<unknown, VideoListItem>, 'replaceItem'>;

/**
 * The remote slices of one open video (spec §4). They are made per video id, so a late answer for a video the
 * person already left lands in slices nobody reads instead of overwriting the video now on screen.
 * demographics, sentiment and note each carry their own loading flag (their phase).
 */
export function createVideoDetailSlices(list?: LinkedVideoList) {
  return {
    detail: createRemoteDetailSlice<VideoDetail>(list),
    identify: createRemoteSlice<MyOrCompetitor>(),
    transcript: createRemoteSlice<TranscriptResponse>(),
    sentiment: createRemoteSlice<VideoSentiment>(),
    demographics: createRemoteSlice<VideoDemographics>(),
    note: createRemoteSlice<VideoNoteResponse>(),
    people: createRemoteSlice<VideoPeople>(),
    associations: createRemoteSlice<VideoAssociations>(),
    products: createRemoteSlice<VideoProducts>(),
  };
}
export type VideoDetailSlices = ReturnType<typeof createVideoDetailSlices>;
