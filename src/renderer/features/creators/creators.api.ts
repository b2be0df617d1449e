import type { AxiosInstance } from 'axios';
import type {
  CreatorBrandsResponseSchema, CreatorDemographicsResponseSchema, CreatorDetailResponse, CreatorIdsResponse, CreatorListResponse,
  CreatorNoteResponseSchema, CreatorProductsResponseSchema, CreatorVideosResponseSchema, DailyTrackingsResponseSchema,
} from '../../../shared/http/creators.schemas';
import { SEND_MAIL_MAX_RECIPIENTS } from '../../../shared/http/mailCampaigns.schemas';
import type { MailCampaign, SendMailResponse } from '../../../shared/http/mailCampaigns.schemas';
import type { CHART_RANGES } from '../../../shared/constants';
import type { z } from 'zod';

/** brand_id and user_id that accompany every call. */
export interface Identity {
  brand_id: string;
  user_id: string;
}

export type ChartRange = (typeof CHART_RANGES)[number];
export type CreatorVideos = z.infer<typeof CreatorVideosResponseSchema>;
export type CreatorProducts = z.infer<typeof CreatorProductsResponseSchema>;
export type CreatorBrands = z.infer<typeof CreatorBrandsResponseSchema>;
export type CreatorDemographics = z.infer<typeof CreatorDemographicsResponseSchema>;
export type DailyTrackings = z.infer<typeof DailyTrackingsResponseSchema>;
export type CreatorNote = z.infer<typeof CreatorNoteResponseSchema>;

export async function fetchCreatorList(main: AxiosInstance, params: Record<string, string>) {
  return main.get<CreatorListResponse>('/influencers', { params });
}

/** GET /influencers/get_influencer_ids: every creator matching the same query ("select all N matching"). */
export async function fetchCreatorIds(main: AxiosInstance, params: Record<string, string>): Promise<CreatorIdsResponse> {
  return (await main.get<CreatorIdsResponse>('/influencers/get_influencer_ids', { params })).data;
}

export async function fetchCreator(main: AxiosInstance, id: string, who: Identity): Promise<CreatorDetailResponse> {
  return (await main.get<CreatorDetailResponse>(`/influencers/${id}`, { params: who })).data;
}

async function sub<T>(main: AxiosInstance, id: string, path: string, who: Identity, extra: Record<string, string> = {}): Promise<T> {
  return (await main.get<T>(`/influencers/${id}/${path}`, { params: { ...who, ...extra } })).data;
}

export const fetchCreatorVideos = (main: AxiosInstance, id: string, who: Identity) => sub<CreatorVideos>(main, id, 'videos', who);
export const fetchCreatorProducts = (main: AxiosInstance, id: string, who: Identity) => sub<CreatorProducts>(main, id, 'products', who);
export const fetchCreatorBrands = (main: AxiosInstance, id: string, who: Identity) =>
  sub<CreatorBrands>(main, id, 'get_list_of_brands_associated_with_creator', who);
export const fetchCreatorDemographics = (main: AxiosInstance, id: string, who: Identity) => sub<CreatorDemographics>(main, id, 'demographics/', who);
export const fetchDailyTrackings = (main: AxiosInstance, id: string, who: Identity, range: ChartRange) =>
  sub<DailyTrackings>(main, id, 'influencer_daily_trackings', who, { range });
export const fetchCreatorNote = (main: AxiosInstance, id: string, who: Identity) => sub<CreatorNote>(main, id, 'influencer_note', who);

export async function saveCreatorNote(main: AxiosInstance, id: string, who: Identity, content: string): Promise<CreatorNote> {
  return (await main.put<CreatorNote>(`/influencers/${id}/influencer_note`, { ...who, content })).data;
}

export interface CreatorEdit {
  name?: string;
  email?: string | null;
  country?: string;
  categories?: string[];
  reelscopeVerified?: boolean;
}

export async function updateCreator(main: AxiosInstance, id: string, who: Identity, edit: CreatorEdit): Promise<CreatorDetailResponse> {
  return (await main.put<CreatorDetailResponse>(`/influencers/${id}`, { ...who, ...edit })).data;
}

export async function fetchMailCampaigns(main: AxiosInstance, who: Identity): Promise<MailCampaign[]> {
  const response = await main.get<{ mail_campaigns: MailCampaign[] }>('/mail_campaigns', { params: { ...who, brand_manager_id: who.user_id } });
  return response.data.mail_campaigns;
}

export async function createMailCampaign(main: AxiosInstance, who: Identity, subject: string, body: string): Promise<MailCampaign> {
  return (await main.post<{ mail_campaign: MailCampaign }>('/mail_campaigns', { ...who, subject, body })).data.mail_campaign;
}

/**
 * Sends a campaign to the creators, SEND_MAIL_MAX_RECIPIENTS per call (a "select all matching" can hold more); the
 * answers are joined: every recipient's result, and each call's message.
 */
export async function sendMailCampaign(main: AxiosInstance, who: Identity, campaignId: string, influencerIds: string[]): Promise<SendMailResponse> {
  const answers: SendMailResponse[] = [];
  for (let start = 0; start < influencerIds.length; start += SEND_MAIL_MAX_RECIPIENTS) {
    const chunk = influencerIds.slice(start, start + SEND_MAIL_MAX_RECIPIENTS);
    answers.push((await main.post<SendMailResponse>('/mail_campaigns/send_mail', { ...who, campaign_id: campaignId, influencer_ids: chunk })).data);
  }
  const [first] = answers;
  if (!first || answers.length === 1) return first ?? { message: '', transport: 'outbox', results: [] };
  return { message: answers.map((answer) => answer.message).join('; '), transport: first.transport, results: answers.flatMap((answer) => answer.results) };
}
