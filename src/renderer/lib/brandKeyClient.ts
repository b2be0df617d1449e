import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { ApiKeyHintResponseSchema, ApiKeyResponseSchema, AppKeyResponseSchema, METRICS_KEY_HEADER } from '../../shared/http/widgets.schemas';

/**
 * The app's own key for the metrics API and gateway: short-lived, bound to the signed-in user, asked for through the
 * main API (bearer) once per brand and again when it stops working. The brand's API key is for other programs: the
 * back end keeps only its hash, so the app could not read it back if it wanted to.
 */
const keys = new Map<string, Promise<string>>();
const keyPath = (brandId: string) => `/brands/${encodeURIComponent(brandId)}/api_key`;

/** What identifies the brand's API key (its first and last characters), or a null hint before the first key. */
export async function fetchApiKeyHint(main: AxiosInstance, brandId: string) {
  return ApiKeyHintResponseSchema.parse((await main.get(keyPath(brandId))).data);
}

/** A new brand API key, answered this once. */
export async function rotateApiKey(main: AxiosInstance, brandId: string) {
  return ApiKeyResponseSchema.parse((await main.post(`${keyPath(brandId)}/rotate`, {})).data);
}

function keyFor(main: AxiosInstance, brandId: string): Promise<string> {
  let key = keys.get(brandId);
  if (!key) {
    key = main.post(`/brands/${encodeURIComponent(brandId)}/app_key`, {}).then((answer) => AppKeyResponseSchema.parse(answer.data).app_key);
    key.catch(() => keys.delete(brandId));
    keys.set(brandId, key);
  }
  return key;
}

export type KeyedSend = <T>(config: AxiosRequestConfig, parse: (data: unknown) => T) => Promise<{ data: T; status: number }>;

/** Requests to a service keyed by an API key; a 401 (the app key expired) asks for a new key once. */
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
