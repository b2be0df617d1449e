import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { ApiKeyResponseSchema, METRICS_KEY_HEADER } from '../../shared/http/widgets.schemas';

/** The brand's API key (metrics API and gateway), read once per brand through the main API (bearer) and dropped when it stops working. */
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

export type KeyedSend = <T>(config: AxiosRequestConfig, parse: (data: unknown) => T) => Promise<{ data: T; status: number }>;

/** Requests to a service keyed by the brand's API key; a 401 (the key was rotated elsewhere) reads the key again once. */
export function brandKeyClient(main: AxiosInstance, service: AxiosInstance, brandId: string): KeyedSend {
  const send = async <T>(config: AxiosRequestConfig, parse: (data: unknown) => T, retried = false): Promise<{ data: T; status: number }> => {
    const key = await keyFor(main, brandId);
    try {
      const response = await service.request({ ...config, headers: { ...config.headers, [METRICS_KEY_HEADER]: key } });
      return { data: parse(response.data), status: response.status };
    } catch (error) {
      if (retried || !axios.isAxiosError(error) || error.response?.status !== 401) throw error;
      keys.delete(brandId);
      return send(config, parse, true);
    }
  };
  return (config, parse) => send(config, parse);
}
