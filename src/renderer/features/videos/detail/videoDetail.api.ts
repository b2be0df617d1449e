import type { AxiosInstance, AxiosResponse } from 'axios';
import type { z } from 'zod';
import type {
  DemographicsLabel, DemographicsLabelResponseSchema, MyOrCompetitorResponseSchema, ReanalyzeResponseSchema, SentimentFeedbackResponseSchema,
  TranscriptResponse, VideoAssociationsResponseSchema, VideoDemographicsResponseSchema, VideoDetail, VideoNoteResponseSchema,
  VideoPeopleResponseSchema, VideoProductDetailsResponseSchema, VideoSentimentResponseSchema,
} from '../../../../shared/http/videos.schemas';
import type { Identity } from '../videos.api';
import type { VideoStatusResponse } from '../../../../shared/http/uploads.schemas';
import { ATTACH_MEDIA_FIELD, AttachMediaResponseSchema, VideoStatusResponseSchema } from '../../../../shared/http/uploads.schemas';

export type MyOrCompetitor = z.infer<typeof MyOrCompetitorResponseSchema>;
export type VideoSentiment = z.infer<typeof VideoSentimentResponseSchema>;
export type VideoDemographics = z.infer<typeof VideoDemographicsResponseSchema>;
export type VideoNoteResponse = z.infer<typeof VideoNoteResponseSchema>;
export type VideoPeople = z.infer<typeof VideoPeopleResponseSchema>;
export type VideoAssociations = z.infer<typeof VideoAssociationsResponseSchema>;
export type VideoProducts = z.infer<typeof VideoProductDetailsResponseSchema>;
export type LabelDraft = Pick<DemographicsLabel, 'label' | 'age_range' | 'ethnicity' | 'gender'>;

const path = (id: string, sub = '') => `/videos/${encodeURIComponent(id)}${sub}`;

/** GET /videos/:id, unwrapped to the video so the detail slice holds the item itself. */
export async function fetchVideoDetail(main: AxiosInstance, who: Identity, id: string): Promise<AxiosResponse<VideoDetail>> {
  const response = await main.get<{ video: VideoDetail }>(path(id), { params: who });
  return { ...response, data: response.data.video };
}

export const fetchMyOrCompetitor = (main: AxiosInstance, who: Identity, id: string) =>
  main.get<MyOrCompetitor>(path(id, '/identify_my_or_competitor_video'), { params: who });
export const fetchTranscript = (main: AxiosInstance, who: Identity, id: string) =>
  main.get<TranscriptResponse>(path(id, '/transcript'), { params: who });
export const fetchSentiment = (main: AxiosInstance, who: Identity, id: string) => main.get<VideoSentiment>(path(id, '/sentiment'), { params: who });
export const fetchDemographics = (main: AxiosInstance, who: Identity, id: string) =>
  main.get<VideoDemographics>(path(id, '/demographics'), { params: who });
export const fetchNote = (main: AxiosInstance, who: Identity, id: string) => main.get<VideoNoteResponse>(path(id, '/video_note'), { params: who });
export const fetchPeople = (main: AxiosInstance, who: Identity, id: string) => main.get<VideoPeople>(path(id, '/people'), { params: who });
export const fetchAssociations = (main: AxiosInstance, who: Identity, id: string) =>
  main.get<VideoAssociations>(path(id, '/video_associations'), { params: who });
export const fetchProducts = (main: AxiosInstance, who: Identity, id: string) =>
  main.get<VideoProducts>(path(id, '/product_details'), { params: who });

/** PUT /videos/:id/update_video_title_and_creator_name: answers the updated video. */
export async function updateTitleAndCreator(main: AxiosInstance, who: Identity, id: string, title: string, creatorName: string | null): Promise<VideoDetail> {
  const body = { ...who, title, ...(creatorName ? { creator_name: creatorName } : {}) };
  const response = await main.put<{ video: VideoDetail }>(path(id, '/update_video_title_and_creator_name'), body);
  return response.data.video;
}

/** POST /videos/:id/sentiment_feedback: like true, dislike false, null clears. */
export async function sendSentimentFeedback(main: AxiosInstance, who: Identity, id: string, like: boolean | null): Promise<boolean | null> {
  const response = await main.post<z.infer<typeof SentimentFeedbackResponseSchema>>(path(id, '/sentiment_feedback'), { ...who, like });
  return response.data.sentiment_feedback;
}

/** PUT /videos/:id/video_note (empty content deletes the note). */
export async function saveNote(main: AxiosInstance, who: Identity, id: string, content: string): Promise<VideoNoteResponse> {
  const response = await main.put<VideoNoteResponse>(path(id, '/video_note'), { ...who, content });
  return response.data;
}

type LabelResponse = z.infer<typeof DemographicsLabelResponseSchema>;

export async function addDemographicsLabel(main: AxiosInstance, who: Identity, videoId: string, draft: LabelDraft): Promise<DemographicsLabel> {
  const response = await main.post<LabelResponse>('/demographics_labels', { ...who, demographics_data_id: videoId, ...draft });
  return response.data.label;
}

export async function updateDemographicsLabel(main: AxiosInstance, who: Identity, videoId: string, labelId: string, draft: LabelDraft): Promise<DemographicsLabel> {
  const response = await main.put<LabelResponse>(`/demographics_labels/${encodeURIComponent(labelId)}`, { ...who, demographics_data_id: videoId, ...draft });
  return response.data.label;
}

export async function deleteDemographicsLabel(main: AxiosInstance, who: Identity, videoId: string, labelId: string): Promise<void> {
  await main.delete(`/demographics_labels/${encodeURIComponent(labelId)}`, { params: { ...who, demographics_data_id: videoId } });
}

/** POST /second/reanalyze: answers the message to show. */
export async function reanalyzeVideo(second: AxiosInstance, who: Identity, id: string): Promise<string> {
  const response = await second.post<z.infer<typeof ReanalyzeResponseSchema>>('/reanalyze', { ...who, videoId: id });
  return response.data.message;
}

/** GET /jwt_api/videos/:id/status (own videos): the stage, the running step with its share done, and the last failure. */
export async function fetchVideoStatus(main: AxiosInstance, who: Identity, id: string): Promise<VideoStatusResponse> {
  const response = await main.get<unknown>(path(id, '/status'), { params: who });
  return VideoStatusResponseSchema.parse(response.data);
}

/**
 * POST /jwt_api/videos/:id/media: attaches the brand's own copy of a link video (multipart field `file`); the back end
 * analyses it like an upload and answers the video's status. The identity goes in the query (the body is the file). `onProgress` gets the share of the file sent (0..1).
 */
export async function attachVideoMedia(main: AxiosInstance, who: Identity, id: string, file: File, onProgress?: (fraction: number) => void): Promise<VideoStatusResponse> {
  const form = new FormData();
  form.append(ATTACH_MEDIA_FIELD, file, file.name);
  const response = await main.post<unknown>(path(id, '/media'), form, {
    params: who,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(event.loaded / event.total);
    },
  });
  return AttachMediaResponseSchema.parse(response.data);
}
