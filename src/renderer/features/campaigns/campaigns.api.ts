import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import type { CampaignFields, CampaignListQuerySchema } from '../../../shared/http/campaigns.schemas';
import {
  CAMPAIGN_BANNER_FIELD, CampaignListResponseSchema, CampaignListsResponseSchema, CampaignResponseSchema, type Campaign,
} from '../../../shared/http/campaigns.schemas';

/** Who acts: every campaigns call carries it. */
export interface Who { brand_id: string; user_id: string }

const path = (id: string, rest = '') => `/campaigns/${encodeURIComponent(id)}${rest}`;

export const fetchCampaigns = async (main: AxiosInstance, who: Who, query: Pick<z.input<typeof CampaignListQuerySchema>, 'tab' | 'sort' | 'search'>) => {
  const response = await main.get('/campaigns', { params: { ...who, ...query } });
  return { ...response, data: CampaignListResponseSchema.parse(response.data) };
};

export const fetchCampaign = async (main: AxiosInstance, who: Who, id: string) => {
  const response = await main.get(path(id), { params: who });
  return { ...response, data: CampaignResponseSchema.parse(response.data).campaign };
};

/** Creates (no id) or replaces a campaign; publish false keeps a draft a draft. */
export async function saveCampaign(main: AxiosInstance, who: Who, id: string | null, campaign: CampaignFields, publish: boolean): Promise<Campaign> {
  const body = { ...who, publish, campaign };
  const response = id === null ? await main.post('/campaigns', body) : await main.put(path(id), body);
  return CampaignResponseSchema.parse(response.data).campaign;
}

export const deleteCampaign = async (main: AxiosInstance, who: Who, id: string): Promise<void> => {
  await main.delete(path(id), { params: who });
};

/** Uploads the (already cropped) banner picture; answers the campaign with its new banner. */
export async function uploadBanner(main: AxiosInstance, who: Who, id: string, banner: Blob, fileName: string, onProgress?: (fraction: number) => void): Promise<Campaign> {
  const form = new FormData();
  form.append(CAMPAIGN_BANNER_FIELD, banner, fileName);
  const response = await main.post(path(id, '/banner'), form, {
    params: who,
    onUploadProgress: (event) => onProgress?.(event.total ? event.loaded / event.total : 0),
  });
  return CampaignResponseSchema.parse(response.data).campaign;
}

/** The campaign's submitted videos, through GET /manufacturers/{id}/campaign_lists. */
export const fetchCampaignVideos = async (main: AxiosInstance, who: Who, id: string) => {
  const response = await main.get(`/manufacturers/${encodeURIComponent(who.brand_id)}/campaign_lists`, { params: { ...who, campaign_id: id } });
  const parsed = CampaignListsResponseSchema.parse(response.data);
  return { ...response, data: parsed.campaign_lists[0]?.videos ?? [] };
};

export const fetchSubmissionLink = async (main: AxiosInstance, who: Who, id: string): Promise<string> =>
  (await main.get<{ submission_link: string }>(path(id, '/submission_link'), { params: who })).data.submission_link;
