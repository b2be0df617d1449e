import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { OWN_STORAGE_PLATFORM } from '../../../shared/constants';
import type { VideoListResponse } from '../../../shared/http/videos.schemas';
import {
  ApiKeyResponseSchema, InventoryResponseSchema, METRICS_KEY_HEADER, MetricsResponseSchema, PlaylistListResponseSchema, PlaylistResponseSchema,
  SnippetResponseSchema, WidgetListResponseSchema, WidgetResponseSchema, type MetricsQuerySchema, type Playlist, type Widget, type WidgetFieldsInput,
} from '../../../shared/http/widgets.schemas';
import type { ShopSettings } from '../../../shared/ipc/settings.schemas';

export interface Who { brand_id: string; user_id: string }
type Services = { main: AxiosInstance; metrics: AxiosInstance };

/** The brand's metrics API key, read once per brand through the main API (bearer) and dropped when it stops working. */
const keys = new Map<string, Promise<string>>();
const keyPath = (brandId: string) => `/brands/${encodeURIComponent(brandId)}/api_key`;

export async function fetchApiKey(main: AxiosInstance, brandId: string) {
  return ApiKeyResponseSchema.parse((await main.get(keyPath(brandId))).data);
}
export async function rotateApiKey(main: AxiosInstance, brandId: string) {
  const fresh = ApiKeyResponseSchema.parse((await main.post(`${keyPath(brandId)}/rotate`, {})).data);
  keys.set(brandId, Promise.resolve(fresh.api_key));
  return fresh;
}
function keyFor(main: AxiosInstance, brandId: string): Promise<string> {
  let key = keys.get(brandId);
  if (!key) {
    key = fetchApiKey(main, brandId).then((answer) => answer.api_key);
    key.catch(() => keys.delete(brandId));
    keys.set(brandId, key);
  }
  return key;
}

/** Every call of the metrics and widget API with the brand's key; a 401 (the key was rotated elsewhere) reads the key again once. */
export function metricsApi({ main, metrics }: Services, who: Who) {
  const send = async <T>(config: AxiosRequestConfig, parse: (data: unknown) => T, retried = false): Promise<{ data: T; status: number }> => {
    const key = await keyFor(main, who.brand_id);
    try {
      const response = await metrics.request({ ...config, headers: { ...config.headers, [METRICS_KEY_HEADER]: key } });
      return { data: parse(response.data), status: response.status };
    } catch (error) {
      if (retried || !axios.isAxiosError(error) || error.response?.status !== 401) throw error;
      keys.delete(who.brand_id);
      return send(config, parse, true);
    }
  };
  const widgetPath = (id: string) => `/widget/${encodeURIComponent(id)}`;
  return {
    widgets: () => send({ url: '/widgets/' }, (d) => WidgetListResponseSchema.parse(d).widgets),
    widget: (id: string) => send({ url: widgetPath(id) }, (d) => WidgetResponseSchema.parse(d).widget),
    saveWidget: async (id: string | null, fields: WidgetFieldsInput): Promise<Widget> =>
      (await send({ method: id === null ? 'POST' : 'PUT', url: id === null ? '/widget' : widgetPath(id), data: fields }, (d) => WidgetResponseSchema.parse(d).widget)).data,
    deleteWidget: async (id: string) => void (await send({ method: 'DELETE', url: widgetPath(id) }, () => null)),
    snippet: async (id: string) => (await send({ method: 'POST', url: `${widgetPath(id)}/token/generate`, data: {} }, (d) => SnippetResponseSchema.parse(d))).data,
    revokeTokens: async (id: string) => (await send({ method: 'DELETE', url: `${widgetPath(id)}/tokens` }, (d) => (d as { revoked: number }).revoked)).data,
    playlists: () => send({ url: '/playlists' }, (d) => PlaylistListResponseSchema.parse(d).playlists),
    savePlaylist: async (playlist: Pick<Playlist, 'title' | 'video_ids' | 'widget_ids'> & { _id?: string }): Promise<Playlist> =>
      (await send({ method: playlist._id ? 'PUT' : 'POST', url: '/playlist', data: playlist }, (d) => PlaylistResponseSchema.parse(d).playlist)).data,
    deletePlaylist: async (id: string) => void (await send({ method: 'DELETE', url: `/playlist/${encodeURIComponent(id)}` }, () => null)),
    inventory: async (shop: ShopSettings, page: { search: string; after: string | null }) => (await send({
      url: '/products/inventory',
      params: { first: 20, search: page.search, ...(page.after ? { after: page.after } : {}),
        ...(shop.storeUrl && shop.storefrontToken ? { store_url: shop.storeUrl, shop_token: shop.storefrontToken } : {}) },
    }, (d) => InventoryResponseSchema.parse(d))).data,
    metrics: (query: z.input<typeof MetricsQuerySchema>) => send({ url: '/api/metrics', params: query }, (d) => MetricsResponseSchema.parse(d)),
  };
}
export type MetricsApi = ReturnType<typeof metricsApi>;

/** Videos that can play in a widget: the brand's own uploads kept in Reelscope storage or Google Drive, newest first. */
export async function fetchPlayableVideos(main: AxiosInstance, who: Who, search: string, page: number) {
  const filters = JSON.stringify({ platform: [OWN_STORAGE_PLATFORM, 'GoogleDrive'] });
  const response = await main.get<VideoListResponse>('/videos', { params: { ...who, tab: 'My Videos', search, page, per_page: 25, filters } });
  return response.data;
}
