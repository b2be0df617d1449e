import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { DOWNLOADABLE_PLATFORMS } from '../../../shared/rules/videos';
import type { VideoListResponse } from '../../../shared/http/videos.schemas';
import {
  InventoryResponseSchema, MetricsResponseSchema, PlaylistListResponseSchema, PlaylistResponseSchema,
  SnippetResponseSchema, WidgetListResponseSchema, WidgetResponseSchema, type MetricsQuerySchema, type Playlist, type Widget, type WidgetFieldsInput,
} from '../../../shared/http/widgets.schemas';
import type { ShopSettings } from '../../../shared/ipc/settings.schemas';
import { brandKeyClient } from '../../lib/brandKeyClient';

export interface Who { brand_id: string; user_id: string }
type Services = { main: AxiosInstance; metrics: AxiosInstance };

/** Every call of the metrics and widget API with the brand's key. */
export function metricsApi({ main, metrics }: Services, who: Who) {
  const send = brandKeyClient(main, metrics, who.brand_id);
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
  const filters = JSON.stringify({ platform: DOWNLOADABLE_PLATFORMS });
  const response = await main.get<VideoListResponse>('/videos', { params: { ...who, tab: 'My Videos', search, page, per_page: 25, filters } });
  return response.data;
}
