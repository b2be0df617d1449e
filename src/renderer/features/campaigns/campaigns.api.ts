import type { AxiosInstance } from 'axios';
import type { CampaignListQuerySchema } from '../../../shared/http/campaigns.schemas';
import { CampaignListResponseSchema } from '../../../shared/http/campaigns.schemas';
import type { z } from 'zod';

/** Who acts: every campaigns call carries it. */
export interface Who { brand_id: string; user_id: string }

export const fetchCampaigns = async (main: AxiosInstance, who: Who, query: Pick<z.input<typeof CampaignListQuerySchema>, 'tab' | 'sort' | 'search'>) => {
  const response = await main.get('/campaigns', { params: { ...who, ...query } });
  return { ...response, data: CampaignListResponseSchema.parse(response.data) };
};
