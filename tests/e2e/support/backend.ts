import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import type { TranscriptResponse, VideoDetail, VideoListItem, VideoListResponse } from '../../../src/shared/http/videos.schemas';
import type { AppStack } from './stack';

async function managerJwt(stack: Pick<AppStack, 'backendUrl'>): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS.brandManager;
  const login = await fetch(`${stack.backendUrl}/jwt_api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await login.json()) as { jwt: string }).jwt;
}

/** A GET on the back end as the demo brand manager: tests use it to pick their subjects, never to assert the UI. */
export async function getAsBrandManager<T>(stack: Pick<AppStack, 'backendUrl'>, path: string, query: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${stack.backendUrl}/jwt_api${path}?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${await managerJwt(stack)}` } });
  return (await response.json()) as T;
}

/** A write on the back end as the demo brand manager (a note, a flag): what a teammate's own window would send. */
export async function sendAsBrandManager(stack: Pick<AppStack, 'backendUrl'>, method: 'POST' | 'PUT', path: string, body: unknown): Promise<void> {
  const response = await fetch(`${stack.backendUrl}/jwt_api${path}`, {
    method, headers: { 'content-type': 'application/json', authorization: `Bearer ${await managerJwt(stack)}` }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
}

/** The first unflagged video of the demo brand matching `accept` whose detail carries a local, playable file (list rows carry no URLs: the detail says). */
export async function playableVideo(stack: Pick<AppStack, 'backendUrl'>, accept: (video: VideoListItem) => boolean): Promise<VideoListItem> {
  const { videos } = await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '250' });
  for (const video of videos.filter((entry) => !entry.is_flagged && accept(entry))) {
    const { video: detail } = await getAsBrandManager<{ video: VideoDetail }>(stack, `/videos/${video._id}`);
    // An analysed demo video is spoken: a clip another spec on this worker's stack uploaded or submitted has no transcript.
    const spoken = video.analysis_stage !== 'completed'
      || (await getAsBrandManager<TranscriptResponse>(stack, `/videos/${video._id}/transcript`)).total_lines > 0;
    if (detail.playable_url && spoken) return video;
  }
  throw new Error('The demo workspace has no such playable video');
}

/** Sets whether the assistant intro shows for the demo manager (the flag is per user and a worker's stack is shared). */
export async function setAssistantIntro(stack: AppStack, shown: boolean): Promise<void> {
  const { email, password } = DEMO_ACCOUNTS.brandManager;
  const login = await fetch(`${stack.backendUrl}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const { jwt } = (await login.json()) as { jwt: string };
  const response = await fetch(`${stack.backendUrl}/jwt_api/navbar_stats`, {
    method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify({ ask_reelscope_intro: shown }),
  });
  if (response.status !== 200) throw new Error(`PATCH /navbar_stats answered ${response.status}`);
}
