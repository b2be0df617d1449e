import { describe, expect, it } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import type { InternalAxiosRequestConfig } from 'axios';
import { createStore } from 'jotai';
import {
  createRemoteDetailSlice,
  createRemoteListSlice,
  createRemoteSlice,
} from '../../src/renderer/lib/remoteSlice';

interface Video {
  _id: string;
  title: string;
}
interface VideoList {
  videos: Video[];
  data: { count: number };
}
const shape = {
  items: (body: VideoList) => body.videos,
  withItems: (body: VideoList, videos: Video[]) => ({ ...body, videos }),
};
const page = (ids: string[], count = 10): VideoList => ({ videos: ids.map((id) => ({ _id: id, title: `Video ${id}` })), data: { count } });

function httpError(status: number, statusText: string, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, { status, statusText, data, headers: {}, config });
}

describe('remote slice', () => {
  it('goes idle → loading → success keeping body and status, and reset returns to idle', async () => {
    const store = createStore();
    const slice = createRemoteSlice<{ ok: boolean }>();
    expect(store.get(slice.state)).toEqual({ phase: 'idle' });

    let release!: () => void;
    const pending = store.set(slice.load, () => new Promise((resolve) => (release = () => resolve({ data: { ok: true }, status: 201 }))));
    expect(store.get(slice.state)).toEqual({ phase: 'loading' });
    release();
    await pending;
    expect(store.get(slice.state)).toEqual({ phase: 'success', body: { ok: true }, status: 201 });

    store.set(slice.reset);
    expect(store.get(slice.state)).toEqual({ phase: 'idle' });
  });

  it('keeps the server error, status text and code on failure', async () => {
    const store = createStore();
    const slice = createRemoteSlice<unknown>();
    await store.set(slice.load, () => Promise.reject(httpError(404, 'Not Found', { statusCode: 404, error: 'Not Found', message: 'No such video' })));
    expect(store.get(slice.state)).toEqual({ phase: 'failure', error: 'No such video', statusText: 'Not Found', code: 404 });
  });

  it('a list replaces its items by default and appends the next page when asked', async () => {
    const store = createStore();
    const list = createRemoteListSlice<VideoList, Video>(shape);
    await store.set(list.load, async () => ({ data: page(['a', 'b']), status: 200 }));
    await store.set(list.load, async () => ({ data: page(['c'], 11), status: 200 }), 'append');
    const appended = store.get(list.state);
    expect(appended.phase === 'success' && appended.body.videos.map((v) => v._id)).toEqual(['a', 'b', 'c']);
    expect(appended.phase === 'success' && appended.body.data.count).toBe(11);

    await store.set(list.load, async () => ({ data: page(['z']), status: 200 }));
    const replaced = store.get(list.state);
    expect(replaced.phase === 'success' && replaced.body.videos.map((v) => v._id)).toEqual(['z']);
  });

  it('updating a detail replaces that item in the loaded list, unless told not to', async () => {
    const store = createStore();
    const list = createRemoteListSlice<VideoList, Video>(shape);
    const detail = createRemoteDetailSlice<Video>(list);
    await store.set(list.load, async () => ({ data: page(['a', 'b', 'c']), status: 200 }));

    store.set(detail.update, { _id: 'b', title: 'Renamed' });
    const after = store.get(list.state);
    expect(after.phase === 'success' && after.body.videos.map((v) => v.title)).toEqual(['Video a', 'Renamed', 'Video c']);
    expect(store.get(detail.state)).toMatchObject({ phase: 'success', body: { _id: 'b', title: 'Renamed' } });

    store.set(detail.update, { _id: 'c', title: 'Only the detail' }, { syncList: false });
    const untouched = store.get(list.state);
    expect(untouched.phase === 'success' && untouched.body.videos[2]?.title).toBe('Video c');
    expect(store.get(detail.state)).toMatchObject({ body: { title: 'Only the detail' } });
  });
});
