import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_UNREADABLE } from '../../../src/server/routes/main/uploads/multipartFields';
import { useVideoWorkspace } from './videos/support/videoWorkspace';
import { firstValue } from './support/testEngine';

const workspace = useVideoWorkspace(0.2);
const BOUNDARY = 'reelscope-test-boundary';
const FORM = `multipart/form-data; boundary=${BOUNDARY}`;
const PNG_START = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Multipart bodies a parser cannot finish: no boundary named, not multipart inside, a field or a file cut short. */
const BROKEN: { name: string; contentType: string; body: Buffer }[] = [
  { name: 'no boundary', contentType: 'multipart/form-data', body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`) },
  { name: 'not multipart inside', contentType: FORM, body: Buffer.from('this is not a form at all') },
  { name: 'a field cut short', contentType: FORM, body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf a val`) },
];

interface Answer {
  status: number;
  message: string;
}

describe('broken multipart bodies, over real HTTP', () => {
  let base = '';
  beforeAll(async () => {
    await workspace.w.app.listen({ host: '127.0.0.1', port: 0 });
    const address = workspace.w.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  const send = (method: string, path: string, contentType: string, body: Buffer): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const headers = { authorization: `Bearer ${workspace.w.jwt}`, 'content-type': contentType, 'content-length': String(body.length) };
      const req = request(`${base}${path}`, { method, headers }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, message: (JSON.parse(text) as { message: string }).message }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const healthy = async () => (await fetch(`${base}/health`)).status === 200;

  it('answers 400 saying the form could not be read on every route that takes multipart, and keeps serving', async () => {
    const { sql, brandId } = workspace.w;
    const product = await firstValue<string>(sql, 'SELECT id FROM products WHERE brand_id = ? ORDER BY id LIMIT 1', [brandId]);
    const spec = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
    const routes = Object.entries(spec.paths).flatMap(([path, operations]) => Object.entries(operations)
      .filter(([, operation]) => operation.requestBody?.content?.['multipart/form-data'] !== undefined).map(([method]) => ({ method: method.toUpperCase(), path })));
    expect(routes.length).toBeGreaterThanOrEqual(5);
    const campaign = await firstValue<string>(sql, "SELECT id FROM campaigns WHERE brand_id = ? AND state = 'active' ORDER BY id LIMIT 1", [brandId]);
    // A video the brand added by link, whose file it may add.
    const linked = await firstValue<string>(sql, 'SELECT id FROM videos WHERE brand_id = ? AND media_file IS NULL ORDER BY id LIMIT 1', [brandId]);
    const answers: string[] = [];
    for (const route of routes) {
      const url = route.path.replace('{id}', (route.path.includes('campaigns') ? campaign : route.path.startsWith('/jwt_api/videos/') ? linked : product) ?? '');
      for (const sample of BROKEN) {
        const answer = await send(route.method, url, sample.contentType, sample.body);
        answers.push(`${route.method} ${route.path} ${sample.name}: ${answer.status} ${answer.message}`);
      }
      expect(await healthy()).toBe(true);
    }
    expect(answers).toEqual(routes.flatMap((route) => BROKEN.map((sample) => `${route.method} ${route.path} ${sample.name}: 400 ${MULTIPART_UNREADABLE}`)));
  });

  it('answers 400 to a banner file cut short, and keeps no part of it', async () => {
    const { sql, brandId, dataDir } = workspace.w;
    const campaign = await firstValue<string>(sql, "SELECT id FROM campaigns WHERE brand_id = ? AND state = 'active' ORDER BY id LIMIT 1", [brandId]);
    const folder = join(dataDir, 'media', 'campaigns');
    const before = existsSync(folder) ? readdirSync(folder) : [];
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="banner"; filename="banner.png"\r\nContent-Type: image/png\r\n\r\n`);
    const answer = await send('POST', `/jwt_api/campaigns/${campaign}/banner`, FORM, Buffer.concat([head, PNG_START, Buffer.alloc(4096, 7)]));
    expect(answer).toEqual({ status: 400, message: MULTIPART_UNREADABLE });
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual(before);
    expect(await healthy()).toBe(true);
  });
});
