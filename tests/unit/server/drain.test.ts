import { request as httpRequest, type IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import type { ChatChannel, ChatConfig } from '../../../src/shared/http/chat.schemas';
import { PubnubSubscribeResponseSchema } from '../../../src/shared/http/pubnub.schemas';
import { readyMessage, startCli, useTempDir, type Started } from './support/cliProcess';
import { testDatabaseEnv } from './support/testEngine';

interface Session { jwt: string; currentUser: { _id: string }; currentBrand: { _id: string } }

async function signIn(base: string): Promise<Session> {
  const { email, password } = DEMO_ACCOUNTS.brandManager;
  const response = await fetch(`${base}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return (await response.json()) as Session;
}

/** Resolves once the back end has logged a request whose URL contains `part` (REELSCOPE_LOG_LEVEL=debug logs each on arrival). */
function logged(started: Started, part: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (started.output().stdout.includes(part)) {
        started.child.stdout?.off('data', check);
        resolve();
      }
    };
    started.child.stdout?.on('data', check);
    check();
  });
}

interface Answer { status: number; body: string; connection?: string }

/** A PUT whose headers and first half of the body are sent now; `finish()` sends the rest and gives the answer. */
function slowPut(base: string, path: string, jwt: string, body: string): { finish(): Promise<Answer> } {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  let answered!: (answer: Answer) => void;
  let failed!: (error: Error) => void;
  const answer = new Promise<Answer>((resolve, reject) => ((answered = resolve), (failed = reject)));
  const headers = { 'content-type': 'application/json', 'content-length': bytes.length, authorization: `Bearer ${jwt}` };
  const put = httpRequest(`${base}${path}`, { method: 'PUT', headers }, (response: IncomingMessage) => {
    let text = '';
    response.on('data', (chunk: Buffer) => (text += chunk.toString()));
    response.on('end', () => answered({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }));
  });
  put.on('error', failed);
  put.write(bytes.subarray(0, half));
  return {
    finish() {
      put.end(bytes.subarray(half));
      return answer;
    },
  };
}

describe('SIGTERM drains the back end process', () => {
  const temp = useTempDir('reelscope-drain-');

  it('hands a waiting subscribe back at once, finishes the request in flight, takes no new connection, exits 0 and keeps the write', async () => {
    const env = { REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: temp.path, REELSCOPE_SEED: '1', REELSCOPE_LOG_LEVEL: 'debug', ...(await testDatabaseEnv()) };
    const started = startCli(env);
    const { url } = await readyMessage(started.child);
    const session = await signIn(url);
    const brandId = session.currentBrand._id;
    const auth = { authorization: `Bearer ${session.jwt}` };
    const config = (await (await fetch(`${url}/jwt_api/chats/config?brand_id=${brandId}`, { headers: auth })).json()) as ChatConfig;
    const videoId = ((await (await fetch(`${url}/jwt_api/videos?tab=My%20Videos&per_page=10`, { headers: auth })).json()) as { videos: { _id: string }[] }).videos[0]!._id;
    const { channels } = (await (await fetch(`${url}/jwt_api/chats?brand_id=${brandId}`, { headers: auth })).json()) as { channels: ChatChannel[] };
    const channel = channels[0]!.pubnub_id;

    // A subscriber waiting for messages (a long poll of up to 280 s), and a write whose body is still arriving.
    const subscribe = `${url}/v2/subscribe/${config.subscribeKey}/${channel}/0`;
    const who = `uuid=${config.userId}&auth=${encodeURIComponent(config.authKey)}`;
    const since = PubnubSubscribeResponseSchema.parse(await (await fetch(`${subscribe}?tt=0&${who}`)).json()).t.t;
    const waiting = logged(started, `/v2/subscribe/${config.subscribeKey}/${channel}/0?tt=${since}`);
    const longPoll = fetch(`${subscribe}?tt=${since}&${who}`);
    await waiting;
    const note = `Drained, not lost: ${'a long note '.repeat(50)}`;
    const arriving = logged(started, `/jwt_api/videos/${videoId}/video_note`);
    const put = slowPut(url, `/jwt_api/videos/${videoId}/video_note`, session.jwt, JSON.stringify({ content: note }));
    await arriving;

    started.child.kill('SIGTERM');

    // The long poll is answered (not cut) with an empty page and a cursor the SDK subscribes again from, elsewhere.
    const handedBack = await longPoll;
    expect(handedBack.status).toBe(200);
    const page = PubnubSubscribeResponseSchema.parse(await handedBack.json());
    expect(page.m).toEqual([]);
    expect(BigInt(page.t.t) >= BigInt(since)).toBe(true);
    // No new connection is taken while the rest drains.
    await expect(fetch(`${url}/livez`)).rejects.toThrow();
    // The request in flight completes, and its connection is closed after it (the client reconnects elsewhere).
    const written = await put.finish();
    expect(written.status).toBe(200);
    expect(written.connection).toBe('close');
    expect(await started.exited).toBe(0);

    // Started again on the same data folder: the acknowledged write is there.
    const again = startCli(env);
    try {
      const restarted = await readyMessage(again.child);
      const jwt = (await signIn(restarted.url)).jwt;
      const stored = (await (await fetch(`${restarted.url}/jwt_api/videos/${videoId}/video_note`, { headers: { authorization: `Bearer ${jwt}` } })).json()) as { note: { content: string } | null };
      expect(stored.note?.content).toBe(note);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 90_000);
});
