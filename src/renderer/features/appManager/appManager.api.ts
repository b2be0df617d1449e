import type { AxiosInstance } from 'axios';
import { AppManagerResponseSchema, FINAL_PUBLISH_STATES, PublishJobsResponseSchema, PublishStateResponseSchema, type AppManagerTab, type PublishJob } from '../../../shared/http/publishing.schemas';
import { brandKeyClient } from '../../lib/brandKeyClient';

export interface Who { brand_id: string; user_id: string }
type Services = { main: AxiosInstance; gateway: AxiosInstance };

export async function fetchAppManagerVideos(main: AxiosInstance, who: Who, query: { tab: AppManagerTab; show: 'all' | 'published'; search: string; page: number; per_page: number }) {
  const response = await main.get('/app_manager/videos', { params: { ...who, ...query } });
  return { ...response, data: AppManagerResponseSchema.parse(response.data) };
}

/** Waits this long before the n-th poll of a job's state: quick at first, then backing off to every 4 s. */
export const pollDelay = (attempt: number): number => Math.min(4000, 250 * 2 ** attempt);

/** The gateway's publish calls (brand key): queue a publish or unpublish, and poll each job to its end. */
export function publishingApi({ main, gateway }: Services, who: Who) {
  const send = brandKeyClient(main, gateway, who.brand_id);
  const state = async (id: string) => (await send({ url: `/video/publish/state/${encodeURIComponent(id)}`, params: { brand_id: who.brand_id } }, (d) => PublishStateResponseSchema.parse(d).job)).data;
  return {
    publish: async (videoIds: readonly string[], published: boolean) => (await send({
      method: 'POST', url: '/video/publish', params: { brand_id: who.brand_id }, data: { video_ids: videoIds, published }, headers: { 'content-type': 'application/json' },
    }, (d) => PublishJobsResponseSchema.parse(d))).data,
    /** Polls a job with back-off until it is final; `onState` hears every state seen. Rejects when the state cannot be read. */
    async follow(job: PublishJob, onState: (job: PublishJob) => void, signal?: AbortSignal): Promise<PublishJob> {
      let current = job;
      for (let attempt = 0; !FINAL_PUBLISH_STATES.includes(current.state); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, pollDelay(attempt)));
        if (signal?.aborted) return current;
        current = await state(current._id);
        onState(current);
      }
      return current;
    },
  };
}
export type PublishingApi = ReturnType<typeof publishingApi>;
