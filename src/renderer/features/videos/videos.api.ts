import type { AxiosInstance, AxiosResponse } from 'axios';
import type { ReportReason } from './list/videoList.types';
import type {
  MarkResponse, VideoIdsResponse, VideoListResponse,
} from '../../../shared/http/videos.schemas';
import type { PublishRightsResponse } from '../../../shared/http/publishing.schemas';

/** brand_id and user_id (cookies bId and uId of the original) that accompany every call. */
export interface Identity {
  brand_id: string;
  user_id: string;
}

/** A video as a destructive call needs it (spec §3 destructive payload item). */
export interface VideoRef {
  video_id: string;
  manufacturer_ids: string[];
}

/** GET /videos: one page of a tab with its summary and filter options. */
export function fetchVideoList(main: AxiosInstance, params: Record<string, string>): Promise<AxiosResponse<VideoListResponse>> {
  return main.get<VideoListResponse>('/videos', { params });
}

/** GET /videos/get_video_ids: every id matching the same query ("select all N matching"). */
export async function fetchVideoIds(main: AxiosInstance, params: Record<string, string>): Promise<VideoIdsResponse> {
  const response = await main.get<VideoIdsResponse>('/videos/get_video_ids', { params });
  return response.data;
}

async function post(main: AxiosInstance, url: string, body: object): Promise<MarkResponse> {
  const response = await main.post<MarkResponse>(url, body);
  return response.data;
}

export const favoriteVideos = (main: AxiosInstance, who: Identity, ids: string[]) =>
  post(main, '/videos/favorite_videos', { ...who, video_ids: ids });

export const unfavoriteVideos = (main: AxiosInstance, who: Identity, ids: string[]) =>
  post(main, '/videos/unfavorite_videos', { ...who, video_ids: ids });

export const flagVideos = (main: AxiosInstance, who: Identity, ids: string[], reason: ReportReason) =>
  post(main, '/videos/flag_videos', { ...who, video_ids: ids, reason });

export const unflagVideos = (main: AxiosInstance, who: Identity, ids: string[]) =>
  post(main, '/videos/unflag_videos', { ...who, video_ids: ids });

/** Competitor operations carry the competitors flag and manufacturer_ids (spec §6). */
export const trashVideos = (main: AxiosInstance, who: Identity, videos: VideoRef[], competitors: boolean) =>
  post(main, '/videos/trash_videos', { ...who, videos, competitors });

export const untrashVideos = (main: AxiosInstance, who: Identity, ids: string[], competitors: boolean) =>
  post(main, '/videos/untrash_videos', { ...who, video_ids: ids, competitors });

export const deleteVideos = (main: AxiosInstance, who: Identity, ids: string[], competitors: boolean) =>
  post(main, '/videos/delete_videos', { ...who, video_ids: ids, competitors });

export const publishVideos = (main: AxiosInstance, who: Identity, ids: string[], published: boolean) =>
  post(main, '/videos/multi_publish', { ...who, video_ids: ids, published });

/** POST /videos/publish_rights: what the rights gate decides from for each video, read before a bulk publish is sent. */
export async function fetchPublishRights(main: AxiosInstance, who: Identity, ids: string[]): Promise<PublishRightsResponse> {
  const response = await main.post<PublishRightsResponse>('/videos/publish_rights', { ...who, video_ids: ids });
  return response.data;
}
