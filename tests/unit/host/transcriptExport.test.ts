import { sqliteOf } from '../server/support/testServer';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTranscriptFile } from '../../../src/main/services/transcriptExport/transcriptExport.service';
import { createFontCache, resolveFontsDir } from '../../../src/main/services/transcriptExport/fonts';
import type { TranscriptDocument } from '../../../src/main/services/transcriptExport/transcriptDocument';
import { registerMediaRoutes } from '../../../src/server/webHost/mediaRoutes';
import { WEB_MEDIA_PATH } from '../../../src/main/adapters/webDesktopPorts';
import type { Backend } from './desktopFixture';
import { createHarness, ownVideo, startBackend } from './desktopFixture';

const pdfText = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });

/** One transcript with every script the PDFs must keep readable. */
const MULTI: TranscriptDocument = {
  videoId: 'fixture', title: 'Multilingual review / Обзор', platform: 'Reelscope_AWS_S3', creator: 'Ана Петрова', date: '2024-05-01T10:00:00Z',
  sentiment: { positive: 0.62, negative: 0.1 },
  lines: [
    { start_time: 0, content: 'The new serum feels light and absorbs quickly.' },
    { start_time: 7.5, content: 'Привет, это отличный продукт для кожи.' },
    { start_time: 15, content: 'Γειά σου, αυτό είναι υπέροχο προϊόν.' },
    { start_time: 22, content: 'مرحبا بالعالم هذا منتج رائع' },
    { start_time: 30, content: 'שלום עולם זה מוצר נהדר' },
    { start_time: 37, content: 'この美容液はとても軽いです。' },
    { start_time: 45, content: '这个精华液非常轻薄。' },
    { start_time: 3725, content: '=SUM(A1) "quoted", with comma' },
  ],
};

describe('transcript files', () => {
  let dir: string;
  const font = createFontCache(resolveFontsDir());
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'reelscope-tx-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a PDF whose text pdftotext reads back in Latin, Cyrillic, Greek, Arabic, Hebrew, Japanese and Chinese', async () => {
    const file = join(dir, 'multi.pdf');
    await writeTranscriptFile(MULTI, file, 'pdf', font);
    const text = pdfText(file);
    for (const expected of [
      'Multilingual review / Обзор', 'Platform: Reelscope_AWS_S3', 'Creator: Ана Петрова', 'Date: 2024-05-01', 'Sentiment: 62% positive, 10% negative, 28% neutral',
      '[00:00] The new serum feels light and absorbs quickly.', '[00:07] Привет, это отличный продукт для кожи.', '[00:15] Γειά σου, αυτό είναι υπέροχο προϊόν.',
      'مرحبا بالعالم هذا منتج رائع', 'שלום עולם זה מוצר נהדר', '[00:37] この美容液はとても軽いです。', '[00:45] 这个精华液非常轻薄。', '[1:02:05]', 'Page 1 of 1',
    ]) expect(text).toContain(expected);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    for (const name of ['NotoSans-Regular', 'NotoSansArabic', 'NotoSansHebrew', 'NotoSansCJK']) expect(fonts).toContain(name);
  });

  it('paginates long transcripts with page numbers', async () => {
    const file = join(dir, 'long.pdf');
    const lines = Array.from({ length: 200 }, (_, i) => ({ start_time: i * 5, content: `Line number ${i} about the product.` }));
    await writeTranscriptFile({ ...MULTI, lines }, file, 'pdf', font);
    const text = pdfText(file);
    expect(text).toContain('Line number 199 about the product.');
    expect(text).toMatch(/Page 1 of [3-9]/);
  });

  it('writes TXT with a header and timed lines, and CSV with a BOM, quoting and formula guard', async () => {
    await writeTranscriptFile(MULTI, join(dir, 'multi.txt'), 'txt', font);
    await writeTranscriptFile(MULTI, join(dir, 'multi.csv'), 'csv', font);
    const txt = readFileSync(join(dir, 'multi.txt'), 'utf8');
    expect(txt.split('\n').slice(0, 6)).toEqual(['Multilingual review / Обзор', 'Platform: Reelscope_AWS_S3', 'Creator: Ана Петрова', 'Date: 2024-05-01', 'Sentiment: 62% positive, 10% negative, 28% neutral', '']);
    expect(txt).toContain('[00:22] مرحبا بالعالم هذا منتج رائع\n');
    const csv = readFileSync(join(dir, 'multi.csv'));
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csv.toString('utf8').slice(1).split('\r\n');
    expect(rows[0]).toBe('start_time,content');
    expect(rows[2]).toBe('7.5,"Привет, это отличный продукт для кожи."');
    expect(rows[8]).toBe('3725,"\'=SUM(A1) ""quoted"", with comma"');
  });
});

describe('bulk export through the real back end, then the offline library with the back end stopped', () => {
  let backend: Backend;
  let root: string;
  beforeAll(async () => {
    backend = await startBackend();
    root = mkdtempSync(join(tmpdir(), 'reelscope-export-'));
  });
  let stopped = false;
  afterAll(async () => {
    if (!stopped) await backend?.close();
    rmSync(backend.dataDir, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  });

  it('exports PDFs of seeded videos (incl. non-Latin ones), indexes them, and serves the library offline with Range', async () => {
    const h = await createHarness(root, backend.server.url, backend);
    const db = sqliteOf(backend.server);
    // Transcribed (analysed) non-English videos of the brand first (the seed mixes in ja, ar, hi, es…), then English ones.
    const ids = db.prepare("SELECT id FROM videos WHERE brand_id = ? AND EXISTS (SELECT 1 FROM transcript_lines t WHERE t.video_id = videos.id) ORDER BY language = 'en', id LIMIT 4").pluck().all(backend.brandId) as string[];
    expect(ids.length).toBe(4);
    const out = join(root, 'exports');
    const { exportId } = await h.desktop.exports.start({ videoIds: ids, directory: out, fileType: 'pdf' });
    const end = await h.desktop.exports.settled(exportId);
    expect(end).toMatchObject({ state: 'completed', done: ids.length, total: ids.length });
    expect(readdirSync(out).filter((name) => name.endsWith('.pdf'))).toHaveLength(ids.length);
    for (const id of ids) {
      const line = db.prepare('SELECT content FROM transcript_lines WHERE video_id = ? ORDER BY start_time LIMIT 1').pluck().get(id) as string;
      const file = end.files!.find((path) => pdfText(path).includes(line.slice(0, 6)));
      expect(file, `${id}: ${line}`).toBeDefined();
    }
    expect((await h.desktop.folders.exportDirectory())).toBe(out);

    const video = ownVideo(backend);
    const dl = await h.desktop.downloads.start({ videoId: video.id, title: video.title, platform: video.platform });
    const saved = await h.desktop.downloads.settled(dl.downloadId);
    expect(saved.state).toBe('completed');
    // Offline details (transcript, thumbnail) arrive right after; wait for the index to say so.
    for (let i = 0; i < 200 && !(await h.desktop.library.list()).find((item) => item.kind === 'video')?.hasTranscript; i++) await new Promise((r) => setTimeout(r, 10));

    const otherLine = db.prepare('SELECT content FROM transcript_lines WHERE video_id = ? ORDER BY line_no LIMIT 1').pluck().get(ids[0]) as string;
    await backend.server.close();
    stopped = true;

    const items = await h.desktop.library.list();
    expect(items.filter((item) => item.kind === 'transcript')).toHaveLength(ids.length);
    const videoItem = items.find((item) => item.kind === 'video')!;
    expect(videoItem).toMatchObject({ videoId: video.id, available: true, hasTranscript: true });
    const transcript = await h.desktop.library.transcript(videoItem.itemId);
    expect(transcript.lines.length).toBeGreaterThan(10);
    const word = transcript.lines[3]!.content.split(' ').find((w) => w.length > 4)!;
    const hits = await h.desktop.library.search(word.toUpperCase());
    expect(hits.some((hit) => hit.videoId === video.id && hit.matches.every((m) => m.content.toLowerCase().includes(word.toLowerCase())))).toBe(true);
    expect((await h.desktop.library.search(otherLine.slice(0, 8).toLocaleUpperCase())).some((hit) => hit.videoId === ids[0])).toBe(true);

    // The web host's media route serves the indexed file with Range, no back end involved.
    const app = Fastify();
    let port = 0;
    registerMediaRoutes(app, { library: h.desktop.library, token: 'secret-token', port: () => port });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
    try {
      const url = `http://127.0.0.1:${port}${WEB_MEDIA_PATH}/${videoItem.itemId}`;
      expect((await fetch(`${url}?token=wrong`)).status).toBe(403);
      const whole = readFileSync(videoItem.filePath);
      const partial = await fetch(`${url}?token=secret-token`, { headers: { range: 'bytes=100-1099' } });
      expect(partial.status).toBe(206);
      expect(partial.headers.get('content-range')).toBe(`bytes 100-1099/${whole.length}`);
      expect(Buffer.from(await partial.arrayBuffer()).equals(whole.subarray(100, 1100))).toBe(true);
      const full = await fetch(`${url}?token=secret-token`);
      expect(full.headers.get('content-type')).toMatch(/^video\//);
      expect(Buffer.from(await full.arrayBuffer()).equals(whole)).toBe(true);
      expect((await fetch(`${url}?token=secret-token`, { headers: { range: `bytes=${whole.length + 10}-` } })).status).toBe(416);
    } finally {
      await app.close();
    }

    await h.desktop.library.remove(videoItem.itemId, true);
    expect((await h.desktop.library.list()).some((item) => item.itemId === videoItem.itemId)).toBe(false);
  });
});
