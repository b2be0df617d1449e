import { createServer, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../../../src/shared/assistant/assistant.schemas';
import * as ops from '../../../../src/shared/assistant/operations';
import { SERVICE_PREFIXES } from '../../../../src/shared/constants';
import type { GenerateInput } from '../../../../src/shared/ipc/assistantModel.schemas';
import { createAtomicFile } from '../../../../src/main/adapters/nodeAtomicFile';
import { createAssistantModel } from '../../../../src/main/services/assistantModel/assistantModel.service';
import { backendTools } from '../../../../src/main/services/assistantModel/backendTools';
import { TOOL_ROUNDS_MAX } from '../../../../src/main/services/assistantModel/toolLoop';
import { createBackendClient } from '../../../../src/main/services/backendClient';
import { systemClock } from '../../../../src/main/services/ports';
import { createSettingsService } from '../../../../src/main/services/settings.service';
import { useAssistantWorkspace } from './support/assistantWorkspace';

/**
 * The generative mode with tools (issue 30), end to end over real HTTP on loopback: the host's tool loop, a scripted
 * OpenAI-compatible chat-completions server, and the back end answering the tools from the seeded workspace.
 * The model server is scripted because no model (Ollama, llama.cpp…) can run on these machines; it answers with the
 * `tool_calls` and final messages a model would send, in the OpenAI format, and records what it was sent.
 */
const { workspace, gql, askAlone } = useAssistantWorkspace();
let origin = '';
beforeAll(async () => {
  origin = await workspace().app.listen({ host: '127.0.0.1', port: 0 });
});

interface Sent { messages: { role: string; content: string | null; tool_call_id?: string }[]; tools?: { type: string; function: { name: string; parameters: unknown } }[] }
type Reply = (res: ServerResponse, sent: Sent) => void;
let modelServer: Server | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await new Promise((resolve) => (modelServer ? modelServer.close(resolve) : resolve(null)));
  modelServer = null;
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The scripted model: the n-th request gets the n-th reply (the last one again after the script ends). */
async function scriptedModel(script: readonly Reply[]): Promise<{ url: string; requests: Sent[] }> {
  const requests: Sent[] = [];
  modelServer = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const sent = JSON.parse(raw) as Sent;
      requests.push(sent);
      (script[requests.length - 1] ?? script[script.length - 1])?.(res, sent);
    });
  });
  await new Promise<void>((resolve) => modelServer?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(modelServer.address() as AddressInfo).port}/v1`, requests };
}
const message = (body: object): Reply => (res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', ...body }, finish_reason: 'stop' }] }));
};
const toolCalls = (...calls: [name: string, args: string][]): Reply => message({
  content: null, tool_calls: calls.map(([name, args], at) => ({ id: `call_${at}`, type: 'function', function: { name, arguments: args } })),
});
const finalText = (content: string): Reply => message({ content });

/** The embedded answer the model starts from: one line of its own, [1]. */
const INPUT: GenerateInput = {
  requestId: 'r1',
  question: '¿Qué opinan del precio del Glow Serum?',
  facts: 'Hasta el 24 nov 2026, tienes 412 vídeos.',
  lines: [{ n: 1, text: 'The price is fair for what you get.', title: 'Glow Serum review', time: '0:12' }],
  window: { start_date: null, end_date: '2026-11-24T23:59:59.999Z' },
};

/** The host's assistant model service, its tools calling the back end over HTTP with the workspace's session. */
async function service(url: string, roundMs?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-tools-'));
  dirs.push(dir);
  const settings = createSettingsService({ file: createAtomicFile(join(dir, 'settings.json')), clock: systemClock });
  const w = workspace();
  const urls = Object.fromEntries(Object.entries(SERVICE_PREFIXES).map(([name, prefix]) => [name, `${origin}${prefix}`])) as Record<keyof typeof SERVICE_PREFIXES, string>;
  const client = createBackendClient({
    backend: () => ({ mode: 'embedded', origin, urls, dataDir: null, state: 'running', error: null }),
    secrets: { get: async () => ({ jwt: w.jwt, refreshToken: 'not-used' }), set: async () => ({ storage: 'memory', persistent: false, warning: null }) },
    brandId: () => w.brandId,
  });
  const chunks: string[] = [];
  const model = createAssistantModel({ settings, keychain: null, emit: (chunk) => chunks.push(chunk.text), log: () => undefined, callTool: backendTools(client), firstTextMs: roundMs });
  await model.setModel({ url, model: 'llama3.2' });
  return { model, chunks };
}

describe('the generative mode gives the model the engine\'s operations as tools', () => {
  it('runs the tools the model calls in the back end and keeps an answer citing only lines it was given', async () => {
    const { url, requests } = await scriptedModel([
      toolCalls(['search_transcripts', '{"query":"price"}'], ['figures', '{"figure":"sentiment","start_date":"2026-01-01","end_date":"2026-11-24"}']),
      finalText('El precio parece justo [1], y otros lo comparan [2]. [2]'),
    ]);
    const { model, chunks } = await service(url);
    const result = await model.generate(INPUT);

    expect(result).toMatchObject({ status: 'generated', content: 'El precio parece justo [1], y otros lo comparan [2]. [2]', cited: [1, 2], reason: null });
    expect(chunks.join('')).toBe(result.content);
    // The model was offered the four tools with JSON-schema parameters, then got each tool's result as a tool message.
    expect(requests[0]?.tools?.map((tool) => tool.function.name)).toEqual(['figures', 'search_transcripts', 'product_summary', 'creator_summary']);
    expect(requests[0]?.tools?.[0]?.function.parameters).toMatchObject({ type: 'object', properties: { figure: { enum: expect.arrayContaining(['sentiment', 'topics']) } } });
    const toolMessages = requests[1]?.messages.filter((m) => m.role === 'tool') ?? [];
    expect(toolMessages.map((m) => m.tool_call_id)).toEqual(['call_0', 'call_1']);
    expect(toolMessages[0]?.content).toMatch(/videos say “price”[\s\S]*Lines you may cite:\n\[2\] “/);
    expect(toolMessages[1]?.content).toMatch(/Overall sentiment is mostly (positive|negative)/);

    // The cited tool line is a real transcript line of the brand's, returned whole so the answer can store it.
    const [line] = result.tool_lines ?? [];
    expect(result.tool_lines).toHaveLength(1);
    expect(line?.n).toBe(2);
    const stored = await workspace().sql.get<{ content: string; video_id: string }>('SELECT content, video_id FROM transcript_lines WHERE id = ?', [Number(line?.db_id)]);
    expect(stored).toEqual({ content: line?.source_doc, video_id: line?.transcript_id_video_id });
    expect(line?.source_doc.toLocaleLowerCase()).toMatch(/price|precio|prix|preis|価格|値段|سعر|कीमत/);

    // The renderer stores the generated answer with the tool line it cites (reviseAnswer checks it is a line the brand may see).
    const answer = await askAlone(INPUT.question);
    const { reviseAnswer } = await gql<{ reviseAnswer: AssistantMessage }>(ops.REVISE_ANSWER, { messageId: answer._id, content: result.content, cited: [line?.db_id] });
    expect(reviseAnswer.supporting_data).toEqual([expect.objectContaining({ db_id: line?.db_id, source_doc: line?.source_doc, start_ts: line?.start_ts, transcript_id_video_id: line?.transcript_id_video_id })]);
    const hidden = await workspace().sql.get<{ id: number }>('SELECT l.id FROM transcript_lines l JOIN videos v ON v.id = l.video_id WHERE v.brand_id = ? LIMIT 1', [workspace().otherBrandId]);
    expect(hidden?.id).toBeGreaterThan(0);
    await expect(gql(ops.REVISE_ANSWER, { messageId: answer._id, content: 'x [1]', cited: [String(hidden?.id)] })).rejects.toThrow(/may only cite the lines it was given/);
  }, 60_000);

  it('summarises the product or creator the model names, and says so when the brand has none by that name', async () => {
    const { url, requests } = await scriptedModel([
      toolCalls(['product_summary', '{"product":"glow serum"}'], ['product_summary', '{"product":"Moon Cream"}'], ['creator_summary', '{"creator":"Maya Costa"}'], ['creator_summary', '{"creator":"Nobody Here"}']),
      finalText('Summary without a citation.'),
    ]);
    const { model } = await service(url);
    expect(await model.generate(INPUT)).toMatchObject({ status: 'generated', cited: [], tool_lines: [] });
    const [glow, moon, maya, nobody] = requests[1]?.messages.filter((m) => m.role === 'tool').map((m) => m.content ?? '') ?? [];
    // The product read as the brand's (its count's figure is checked by the held-out set), then what is said of it.
    expect(glow).toMatch(/mentioning the Lumina Glow Serum, you have \d+ videos?\.\n[\s\S]*videos? say “serum”[\s\S]*Lines you may cite:\n\[2\] “[^”]*Glow Serum/);
    expect(moon).toMatch(/^The brand has no product named “Moon Cream”\. Its products: .*Lumina Glow Serum/);
    expect(maya).toMatch(/by Maya Costa, you have \d+ videos?\. Overall/);
    expect(nobody).toBe('No creator named “Nobody Here” has a video of the brand\'s.');
  }, 60_000);

  const refusals: [what: string, script: Reply[], reason: RegExp][] = [
    ['arguments that do not fit the tool', [toolCalls(['figures', '{"figure":"weather"}'])], /called figures with arguments that are not valid \(figure: /],
    ['arguments that are not JSON', [toolCalls(['search_transcripts', '{query: price'])], /called search_transcripts with arguments that are not JSON/],
    ['a tool that does not exist', [toolCalls(['delete_videos', '{}'])], /asked for a tool that does not exist \(“delete_videos”\)/],
    ['a citation of a line it was not given', [toolCalls(['search_transcripts', '{"query":"price"}']), finalText('Some say it is cheap [1] and others [42].')], /cited a line it was not given \(\[42\]\)/],
    ['an answer with no text', [finalText('  ')], /answered with no text/],
  ];
  for (const [what, script, reason] of refusals) {
    it(`keeps the built-in answer, saying why, for ${what}`, async () => {
      const { url } = await scriptedModel(script);
      const { model } = await service(url);
      const result = await model.generate(INPUT);
      expect(result).toMatchObject({ status: 'failed', content: '', cited: [] });
      expect(result.reason).toMatch(reason);
      expect(result.reason).toMatch(/^The model server at http:\/\/127\.0\.0\.1:\d+\/v1 did not answer: .+\.$/);
    }, 60_000);
  }

  it('stops a model that keeps calling tools after the round limit', async () => {
    const { url, requests } = await scriptedModel([toolCalls(['figures', '{"figure":"topics"}'])]);
    const { model } = await service(url);
    const result = await model.generate(INPUT);
    expect(result.status).toBe('failed');
    expect(result.reason).toContain(`still asked for tools after ${TOOL_ROUNDS_MAX} rounds`);
    expect(requests).toHaveLength(TOOL_ROUNDS_MAX + 1);
  }, 60_000);

  it('keeps the built-in answer when the model server is down or does not answer in time', async () => {
    const { url } = await scriptedModel([() => undefined]);
    const { model } = await service(url, 300);
    expect((await model.generate(INPUT)).reason).toMatch(/did not answer: it took longer than 0\.3 s\.$/);
    modelServer?.closeAllConnections();
    await new Promise((resolve) => (modelServer ? modelServer.close(resolve) : resolve(null)));
    modelServer = null;
    expect((await model.generate(INPUT)).reason).toMatch(/did not answer: it could not be reached \(.+\)\.$/);
  }, 60_000);
});
