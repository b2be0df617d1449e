/**
 * 1000 transcripts × 80 lines to PDF: the export writer (pdfkit, embedded Noto fonts) vs printing the same
 * transcripts in Chromium (Playwright `page.pdf`, one browser and page reused), in the same run. Target ≥ 8×.
 *
 * The two sides are interleaved: the documents are split into ROUNDS batches, and each round times the batch with the
 * export writer and then with Chromium, the order swapping every round. Timed one after the other, whichever side ran
 * second met a different machine (another job starting on a two-core box, thermal state, page cache), and the ratio
 * swung with it; per round, both sides see nearly the same conditions, so the median of the per-round ratios is the
 * figure, with the ratio of the totals beside it. One warm-up document each, before round 1, keeps the one-time costs
 * (font files read, JIT, Chromium's first layout) out of both sides.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createFontCache, resolveFontsDir } from '../src/main/services/transcriptExport/fonts';
import type { TranscriptDocument } from '../src/main/services/transcriptExport/transcriptDocument';
import { metadataLines, timestamp } from '../src/main/services/transcriptExport/transcriptDocument';
import { writeTranscriptFile } from '../src/main/services/transcriptExport/transcriptExport.service';

const DOCS = Number(process.env.REELSCOPE_PDF_BENCH_DOCS ?? 1000);
const LINES = 80;
const WORDS = ['the', 'serum', 'feels', 'light', 'and', 'absorbs', 'quickly', 'my', 'skin', 'looks', 'brighter', 'after', 'two', 'weeks', 'honestly', 'recommend'];

function documents(): TranscriptDocument[] {
  return Array.from({ length: DOCS }, (_, d) => ({
    videoId: `v${d}`, title: `Product review number ${d}`, platform: 'Reelscope_AWS_S3', creator: `Creator ${d % 37}`, date: '2024-05-01T10:00:00Z',
    sentiment: { positive: 0.6, negative: 0.1 },
    lines: Array.from({ length: LINES }, (_, i) => ({
      start_time: i * 6.5,
      content: Array.from({ length: 8 + ((d + i) % 14) }, (_, w) => WORDS[(d * 7 + i * 3 + w) % WORDS.length]).join(' '),
    })),
  }));
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
function html(doc: TranscriptDocument): string {
  const meta = metadataLines(doc).map((line) => `<div class="m">${escape(line)}</div>`).join('');
  const lines = doc.lines.map((line) => `<p>${timestamp(line.start_time)} ${escape(line.content)}</p>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:'Noto Sans',sans-serif;font-size:10.5pt}h1{font-size:16pt}.m{color:#444;font-size:9.5pt}p{margin:0 0 4px}</style></head><body><h1>${escape(doc.title)}</h1>${meta}<hr>${lines}</body></html>`;
}

/** Batches of the documents; each is timed with both writers (REELSCOPE_PDF_BENCH_ROUNDS overrides 10). */
const ROUNDS = Math.max(1, Math.min(DOCS, Number(process.env.REELSCOPE_PDF_BENCH_ROUNDS ?? 10)));

const CHROMIUM_PDF = {
  format: 'A4',
  displayHeaderFooter: true,
  footerTemplate: '<div style="font-size:8px;width:100%;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
  headerTemplate: '<span></span>',
  margin: { top: '56px', bottom: '56px', left: '56px', right: '56px' },
} as const;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Seconds `write` takes over `batch`, after a collection so neither side pays for the other's garbage. */
async function timed(batch: { doc: TranscriptDocument; index: number }[], write: (doc: TranscriptDocument, index: number) => Promise<void>): Promise<number> {
  global.gc?.();
  const started = performance.now();
  for (const { doc, index } of batch) await write(doc, index);
  return (performance.now() - started) / 1000;
}

export async function run(): Promise<void> {
  const docs = documents();
  const font = createFontCache(resolveFontsDir());
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-pdfbench-'));
  try {
    const page = await browser.newPage();
    const ours = (doc: TranscriptDocument, index: number | 'warm') => writeTranscriptFile(doc, join(dir, `ours-${index}.pdf`), 'pdf', font);
    const chrome = async (doc: TranscriptDocument, index: number | 'warm') => {
      await page.setContent(html(doc));
      await page.pdf({ ...CHROMIUM_PDF, path: join(dir, `chromium-${index}.pdf`) });
    };
    await ours(docs[0]!, 'warm');
    await chrome(docs[0]!, 'warm');

    const indexed = docs.map((doc, index) => ({ doc, index }));
    const rounds: { ours: number; chrome: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const batch = indexed.slice(Math.floor((r * DOCS) / ROUNDS), Math.floor(((r + 1) * DOCS) / ROUNDS));
      const oursFirst = r % 2 === 0;
      const oursBefore = oursFirst ? await timed(batch, ours) : null;
      const chromeSeconds = await timed(batch, chrome);
      const oursSeconds = oursBefore ?? (await timed(batch, ours));
      rounds.push({ ours: oursSeconds, chrome: chromeSeconds });
      console.log(
        `    round ${r + 1} (${batch.length} docs, ${oursFirst ? 'ours first' : 'Chromium first'}): export writer ${oursSeconds.toFixed(2)} s, ` +
          `Chromium ${chromeSeconds.toFixed(2)} s, ${(chromeSeconds / oursSeconds).toFixed(1)}×`,
      );
    }
    const oursTotal = rounds.reduce((sum, round) => sum + round.ours, 0);
    const chromeTotal = rounds.reduce((sum, round) => sum + round.chrome, 0);
    const kib = (prefix: string) => {
      const files = readdirSync(dir).filter((name) => name.startsWith(prefix) && !name.includes('warm'));
      return (files.reduce((sum, name) => sum + statSync(join(dir, name)).size, 0) / files.length / 1024).toFixed(1);
    };
    console.log(`  export writer (pdfkit): ${oursTotal.toFixed(2)} s for ${DOCS} transcripts × ${LINES} lines (${((oursTotal / DOCS) * 1000).toFixed(1)} ms each)`);
    console.log(`  Chromium page.pdf (baseline): ${chromeTotal.toFixed(2)} s (${((chromeTotal / DOCS) * 1000).toFixed(1)} ms each)`);
    console.log(`  average file size: ${kib('ours-')} KiB (pdfkit, subset fonts embedded) vs ${kib('chromium-')} KiB (Chromium)`);
    console.log(
      `  speed ratio: ${median(rounds.map((round) => round.chrome / round.ours)).toFixed(1)}× Chromium, median of ${ROUNDS} rounds ` +
        `(totals ${(chromeTotal / oursTotal).toFixed(1)}×) (target ≥ 8×)`,
    );
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
