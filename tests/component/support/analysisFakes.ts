import type { AxiosInstance } from 'axios';
import { AxiosError, AxiosHeaders } from 'axios';
import { createStore } from 'jotai';
import type { AppServices } from '../../../src/renderer/app/services';
import { servicesAtom } from '../../../src/renderer/app/boot/boot.atoms';
import type { VideoDetail } from '../../../src/shared/http/videos.schemas';
import type { VideoStatusResponse } from '../../../src/shared/http/uploads.schemas';

export interface FakeCall { method: string; url: string; data?: unknown; params?: unknown }
/** An answer: a body (200), an Error (rejected as it is) or { status, body } for an HTTP error like axios's. */
export type FakeAnswer = unknown;

/** An HTTP error as axios rejects with it, so toFailure reads the server's message and status. */
export function httpError(status: number, message: string): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError(message, 'ERR_BAD_RESPONSE', undefined, null, { status, statusText: String(status), data: { message }, headers, config: { headers } });
}

/**
 * A client double for the main and second services that records calls and answers from a table keyed by
 * "METHOD url" (a function is called per request, so a test can change what the back end says between reads).
 */
export function fakeClients(answers: Record<string, FakeAnswer | ((call: FakeCall) => FakeAnswer)>) {
  const calls: FakeCall[] = [];
  const answer = (call: FakeCall) => {
    calls.push(call);
    const entry = answers[`${call.method} ${call.url}`];
    const value = typeof entry === 'function' ? (entry as (c: FakeCall) => FakeAnswer)(call) : entry;
    if (value === undefined) return Promise.reject(httpError(404, `No answer for ${call.method} ${call.url}`));
    if (value instanceof Error) return Promise.reject(value);
    return Promise.resolve({ data: value, status: 200 });
  };
  const client = {
    get: (url: string, config?: { params?: unknown }) => answer({ method: 'GET', url, params: config?.params }),
    post: (url: string, data?: unknown, config?: { params?: unknown; onUploadProgress?: (event: { loaded: number; total: number }) => void }) => {
      config?.onUploadProgress?.({ loaded: 1, total: 2 });
      return answer({ method: 'POST', url, data, params: config?.params });
    },
    put: (url: string, data?: unknown) => answer({ method: 'PUT', url, data }),
  } as unknown as AxiosInstance;
  const store = createStore();
  store.set(servicesAtom, { api: { main: client, second: client }, backend: { origin: 'http://127.0.0.1:1' } } as unknown as AppServices);
  return { client, calls, store };
}

/** An own uploaded video as the detail holds it; override what a test is about. */
export function videoDetail(overrides: Partial<VideoDetail> = {}): VideoDetail {
  return {
    _id: 'v1', brand_id: 'b1', manufacturer_ids: ['b1'], title: 'Glow Serum chat', platform: 'Reelscope_AWS_S3', video_url: '/media/v1.mp4',
    video_embedded_url: null, thumbnail_url: null, tiktok_id: null, added_by_bm: true, creator_id: null, category: null, language: 'en', scene: null, pov: null,
    audio_labels: [], topics: [], brand_safety: { visual_content: null, foul_language: null }, demographics: { age_range: {}, ethnicity: {}, gender: {} },
    sentiment: { positive: 0, negative: 0 }, views: 0, likes: 0, comments: 0, sponsored: false, sponsored_by: null, analysis_stage: 'completed',
    audio_classification: null, licensing_duration: null, licensing_price: null, sentiment_feedback_like: null,
    not_analysed: { speech: null, visual_content: null, demographics: null, sponsored: null },
    duration_seconds: 46, media_file: 'v1.mp4', published_at: null, created_at: '2026-12-01T10:00:00.000Z', updated_at: '2026-12-01T10:00:00.000Z',
    is_favorite: false, is_flagged: false, published: false, is_competitor: false, playable_url: null, can_download: true, product_ids: [],
    ...overrides,
  } as VideoDetail;
}

/** A status answer of GET /videos/:id/status. */
export function videoStatus(overrides: Partial<VideoStatusResponse> = {}): VideoStatusResponse {
  return {
    video_id: 'v1', analysis_stage: 'processing', due_at: null,
    analysis: { transcript_source: null, transcript_lines: 0, note: null, language: null, sentiment: null, topics: [], keywords: [], foul_language: null, mentions: [], runs: 0, completed_at: null, screen_lines: 0, speech_seconds: null, audio: null, sponsor: null },
    progress: null, failure: null,
    ...overrides,
  };
}

export const WHO = { brand_id: 'b1', user_id: 'u1' };
