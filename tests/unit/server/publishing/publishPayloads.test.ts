import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app';
import { publishPayloadMessages } from '../../../../src/server/routes/gateway/publishPayloadBudget';
import type { PublishJob } from '../../../../src/shared/http/publishing.schemas';
import { METRICS_KEY_HEADER } from '../../../../src/shared/http/widgets.schemas';
import { BRAND_MADE_SQL } from '../../../../src/server/repositories/videos/videoScope';
import { useVideoWorkspace } from '../videos/support/videoWorkspace';
import { brandApiKey } from '../widgets/support/brandApiKey';
import { firstValue } from '../support/testEngine';

const MIB = 1024 * 1024;
const LIMITS = { maxBytes: MIB, brandQueueBytes: 3 * MIB / 2 };
const MESSAGES = publishPayloadMessages(LIMITS);
const workspace = useVideoWorkspace(0.2, { publishPayloads: LIMITS });

interface Answer {
  status: number;
  json: { message?: string; jobs?: PublishJob[] };
}

describe('the gateway\'s publish payloads on disk', () => {
  let base = '';
  let key = '';
  let videoId = '';
  const payloadDir = () => join(workspace.w.dataDir, 'publish-payloads');
  const keptFiles = () => (existsSync(payloadDir()) ? readdirSync(payloadDir()) : []);
  const jobCount = () => firstValue<number>(workspace.w.sql, 'SELECT COUNT(*) FROM publish_jobs');

  beforeAll(async () => {
    const w = workspace.w;
    await w.app.listen({ host: '127.0.0.1', port: 0 });
    const address = w.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    key = await brandApiKey(w, w.brandId);
    videoId = (await firstValue<string>(w.sql, `SELECT v.id FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.brand_id = ? AND ${BRAND_MADE_SQL} ORDER BY v.id LIMIT 1`, [w.brandId])) ?? '';
  });

  /** POSTs a payload over loopback in chunks; without `length`, it streams (chunked, no Content-Length). */
  function publish(chunks: string[], length?: number): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { [METRICS_KEY_HEADER]: key, 'content-type': 'application/json', ...(length === undefined ? {} : { 'content-length': String(length) }) };
      const req = request(`${base}/gateway/video/publish?brand_id=${workspace.w.brandId}`, { method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Answer['json'] }));
      });
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });
  }
  /** A payload naming the video, with `padding` characters of captions, in chunks of 64 KiB. */
  const payloadOf = (padding: number) => [
    `{"video_ids":["${videoId}"],"captions":"`, ...Array.from({ length: Math.ceil(padding / 65_536) }, (_, i) => 'x'.repeat(Math.min(65_536, padding - i * 65_536))), '"}',
  ];

  async function finalState(id: string): Promise<PublishJob> {
    for (;;) {
      const answer = await workspace.w.app.inject({ method: 'GET', url: `/gateway/video/publish/state/${id}?brand_id=${workspace.w.brandId}`, headers: { [METRICS_KEY_HEADER]: key } });
      const { job } = answer.json() as { job: PublishJob };
      if (!['queued', 'processing'].includes(job.state)) return job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('answers 413 to a payload that streams past the limit, and keeps no file of it and queues nothing', async () => {
    const jobs = await jobCount();
    const streamed = await publish(payloadOf(3 * MIB));
    expect([streamed.status, streamed.json.message]).toEqual([413, MESSAGES.tooLarge]);
    // Declared too large, it is refused before any of it is read.
    const declared = payloadOf(2 * MIB);
    const refused = await publish(declared, declared.reduce((sum, chunk) => sum + chunk.length, 0));
    expect([refused.status, refused.json.message]).toEqual([413, MESSAGES.tooLarge]);
    expect(keptFiles()).toEqual([]);
    expect(await jobCount()).toBe(jobs);
    // The limits are documented where a client reads the contract.
    const spec = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, { post?: { description?: string } }> };
    const description = spec.paths['/gateway/video/publish']?.post?.description ?? '';
    expect(description).toContain('One payload is at most 1 MiB (REELSCOPE_PUBLISH_PAYLOAD_MAX_BYTES; 413 past it');
    expect(description).toContain('at most 1536 KiB (REELSCOPE_PUBLISH_QUEUE_MAX_BYTES; 429 past it)');
  });

  it('deletes a payload when its jobs end, and takes one just under the limit', async () => {
    const answer = await publish(payloadOf(MIB - 1024));
    expect(answer.status, answer.json.message).toBe(200);
    expect(keptFiles()).toHaveLength(1);
    expect((await finalState(answer.json.jobs![0]!._id)).state).toBe('published');
    // Deleted right after the step that ended its job commits (never before: a step rolled back still needs it).
    await vi.waitFor(() => expect(keptFiles()).toEqual([]), { timeout: 10_000 });
  });

  it('refuses a payload past the brand\'s quota of payloads waiting for their jobs (429), and takes it once they ended', async () => {
    const { sql, brandId } = workspace.w;
    // Another request's job still waiting with 1 MiB of payload (no job runs meanwhile: the queue is idle).
    const waiting = `waiting-${randomBytes(4).toString('hex')}`;
    await sql.run(`INSERT INTO publish_jobs (id, brand_id, video_id, action, state, payload_file, payload_bytes, created_at, updated_at)
      VALUES (?, ?, ?, 'publish', 'queued', ?, ?, '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z')`, [waiting, brandId, videoId, join(payloadDir(), 'elsewhere.json'), MIB]);
    const over = await publish(payloadOf(MIB / 2 + 1024));
    expect([over.status, over.json.message]).toEqual([429, MESSAGES.queueFull]);
    expect(keptFiles()).toEqual([]);
    // Within what is left of the quota it is taken.
    const small = await publish(payloadOf(MIB / 4));
    expect(small.status, small.json.message).toBe(200);
    await sql.run("UPDATE publish_jobs SET state = 'published' WHERE id = ?", [waiting]);
    for (const job of small.json.jobs!) await finalState(job._id);
    const again = await publish(payloadOf(MIB / 2 + 1024));
    expect(again.status, again.json.message).toBe(200);
    for (const job of again.json.jobs!) await finalState(job._id);
    await vi.waitFor(() => expect(keptFiles()).toEqual([]), { timeout: 10_000 });
  });

  it('at start-up, deletes payloads of jobs that ended and files no job names, and keeps those open jobs need', async () => {
    const { sql, brandId, dataDir } = workspace.w;
    mkdirSync(payloadDir(), { recursive: true });
    const ended = join(payloadDir(), 'ended.json');
    const open = join(payloadDir(), 'open.json');
    for (const file of [ended, open, join(payloadDir(), 'cut-by-a-crash.json')]) writeFileSync(file, '{"video_ids":[');
    const insert = (id: string, state: string, file: string) => sql.run(`INSERT INTO publish_jobs (id, brand_id, video_id, action, state, payload_file, payload_bytes, created_at, updated_at)
      VALUES (?, ?, ?, 'publish', ?, ?, 15, '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z')`, [id, brandId, videoId, state, file]);
    await insert('ended-job', 'published', ended);
    await insert('open-job', 'processing', open);
    // The restarted back end's job steps are held (its timers never fire here), so the open job is still open when looked at.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const restarted = await buildApp({ sql, jwtSecret: randomBytes(64), dataDir, publishPayloads: LIMITS });
    try {
      await restarted.ready();
      vi.useRealTimers();
      expect(keptFiles()).toContain('open.json');
      expect(keptFiles()).not.toContain('ended.json');
      expect(keptFiles()).not.toContain('cut-by-a-crash.json');
      expect(await firstValue(sql, "SELECT payload_file FROM publish_jobs WHERE id = 'ended-job'")).toBeNull();
    } finally {
      vi.useRealTimers();
      await restarted.close();
      await sql.run("DELETE FROM publish_jobs WHERE id IN ('ended-job', 'open-job')");
    }
  });
});
