import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE } from '../../../src/shared/constants';
import type { GenerateInput } from '../../../src/shared/ipc/assistantModel.schemas';
import { createKeytarSecretStore } from '../../../src/main/adapters/keytarSecretStore';
import { createAtomicFile } from '../../../src/main/adapters/nodeAtomicFile';
import { createAssistantModel, MODEL_KEY_ACCOUNT } from '../../../src/main/services/assistantModel/assistantModel.service';
import { systemClock } from '../../../src/main/services/ports';
import { createSettingsService } from '../../../src/main/services/settings.service';
import { useTempDir } from './helpers';

const tempDir = useTempDir();

/**
 * An OpenAI-compatible chat-completions server on loopback. It stands in for a model server (Ollama, llama.cpp, LM
 * Studio): none can run on this machine. It records each request and answers with `reply(request)`.
 */
interface Recorded { path: string; authorization: string | undefined; body: { model: string; stream: boolean; messages: { role: string; content: string }[] } }
let server: Server | null = null;
async function modelServer(reply: (res: ServerResponse, recorded: Recorded) => void): Promise<{ url: string; requests: Recorded[] }> {
  const requests: Recorded[] = [];
  server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const recorded = { path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) as Recorded['body'] };
      requests.push(recorded);
      reply(res, recorded);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
}
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  server = null;
  execFileSync('bash', ['-c', `secret-tool clear service ${KEYCHAIN_SERVICE} account ${MODEL_KEY_ACCOUNT} || true`]);
});

const streamed = (pieces: readonly string[]) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const piece of pieces) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
  res.end('data: [DONE]\n\n');
};

const INPUT: GenerateInput = {
  requestId: 'r1',
  question: 'What do people say about the price?',
  facts: 'Between 24 May 2026 and 24 Nov 2026 (last 6 months), you have 412 videos. 37 videos say “price”.',
  lines: [
    { n: 1, text: 'The price per millilitre works exactly as promised.', title: 'Glow Serum review', time: '1:31' },
    { n: 2, text: 'At $32.00 I expected a better pump.', title: 'Hydra Cream', time: '1:12' },
  ],
};

async function service(firstTextMs?: number) {
  const settings = createSettingsService({ file: createAtomicFile(join(tempDir(), 'settings.json')), clock: systemClock });
  const chunks: string[] = [];
  const keychain = await createKeytarSecretStore(KEYCHAIN_SERVICE);
  const model = createAssistantModel({ settings, keychain, emit: (chunk) => chunks.push(chunk.text), log: () => undefined, firstTextMs });
  return { model, chunks };
}

describe('the assistant generative mode against an OpenAI-compatible server', () => {
  it('streams a grounded answer, sends the keychain key, and keeps only citations of the given lines', async () => {
    const { url, requests } = await modelServer(streamed(['People like the ', 'price [1]', ' but some doubt it [7].']));
    const { model, chunks } = await service();
    const status = await model.setModel({ url, model: 'llama3.2', key: 'sk-local-123' });
    expect(status).toMatchObject({ url, model: 'llama3.2', hasKey: true, keyWarning: null });
    expect(execFileSync('secret-tool', ['lookup', 'service', KEYCHAIN_SERVICE, 'account', MODEL_KEY_ACCOUNT], { encoding: 'utf8' })).toBe('sk-local-123');

    const result = await model.generate(INPUT);
    expect(result).toEqual({ status: 'generated', content: 'People like the price [1] but some doubt it.', cited: [1], reason: null });
    expect(chunks.join('')).toBe('People like the price [1] but some doubt it [7].');
    const sent = requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer sk-local-123');
    expect(sent.body).toMatchObject({ model: 'llama3.2', stream: true });
    const prompt = sent.body.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('[1] “The price per millilitre works exactly as promised.” (Glow Serum review, at 1:31)');
    expect(prompt).toContain('37 videos say “price”');
  });

  it('reads a server that answers in one JSON body', async () => {
    const { url } = await modelServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Mostly praise [2].' } }] }));
    });
    const { model } = await service();
    await model.setModel({ url, model: 'qwen', key: null });
    expect(await model.generate(INPUT)).toEqual({ status: 'generated', content: 'Mostly praise [2].', cited: [2], reason: null });
  });

  it('fails with a reason a person can act on, and never throws', async () => {
    const { model } = await service();
    expect((await model.generate(INPUT)).status).toBe('off');
    await model.setModel({ url: 'http://127.0.0.1:9/v1', model: 'm' });
    const unreachable = await model.generate(INPUT);
    expect(unreachable.status).toBe('failed');
    expect(unreachable.reason).toMatch(/^The model server at http:\/\/127\.0\.0\.1:9\/v1 did not answer: it could not be reached/);

    const { url } = await modelServer((res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"error":"invalid api key"}');
    });
    await model.setModel({ url, model: 'm' });
    expect((await model.generate(INPUT)).reason).toBe(`The model server at ${url} did not answer: it answered 401: {"error":"invalid api key"}.`);
  });

  it('stops on request and gives up on a server that stays silent', async () => {
    const { url } = await modelServer((res) => res.writeHead(200, { 'content-type': 'text/event-stream' }));
    const { model } = await service(300);
    await model.setModel({ url, model: 'm' });
    const pending = model.generate(INPUT);
    setTimeout(() => model.stop(INPUT.requestId), 50);
    expect(await pending).toMatchObject({ status: 'stopped' });
    // Silent past the first-text limit (10 s in the app, shortened here): the embedded answer stands.
    expect(await model.generate({ ...INPUT, requestId: 'r2' })).toMatchObject({ status: 'failed', reason: `The model server at ${url} did not answer: it sent nothing within 0.3 s.` });
  });
});
