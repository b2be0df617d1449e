/**
 * 1000 transcripts × 80 lines to PDF: the export writer (pdfkit, embedded Noto fonts) vs printing the same
 * transcripts in Chromium (Playwright `page.pdf`, one browser and page reused), in the same run. Target ≥ 8×.
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

export async function run(): Promise<void> {
  const docs = documents();
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-pdfbench-'));
  const font = createFontCache(resolveFontsDir());
  try {
    // Warm-up so neither side pays one-time start costs inside the measurement (font reads, JIT).
    await writeTranscriptFile(docs[0]!, join(dir, 'warm.pdf'), 'pdf', font);
    let started = performance.now();
    for (const [i, doc] of docs.entries()) await writeTranscriptFile(doc, join(dir, `ours-${i}.pdf`), 'pdf', font);
    const ours = (performance.now() - started) / 1000;

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    let chrome: number;
    try {
      const page = await browser.newPage();
      await page.setContent(html(docs[0]!));
      await page.pdf({ path: join(dir, 'warm-chromium.pdf'), format: 'A4' });
      started = performance.now();
      for (const [i, doc] of docs.entries()) {
        await page.setContent(html(doc));
        await page.pdf({ path: join(dir, `chromium-${i}.pdf`), format: 'A4', displayHeaderFooter: true, footerTemplate: '<div style="font-size:8px;width:100%;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>', headerTemplate: '<span></span>', margin: { top: '56px', bottom: '56px', left: '56px', right: '56px' } });
      }
      chrome = (performance.now() - started) / 1000;
    } finally {
      await browser.close();
    }
    const kib = (prefix: string) => {
      const files = readdirSync(dir).filter((name) => name.startsWith(prefix));
      return (files.reduce((sum, name) => sum + statSync(join(dir, name)).size, 0) / files.length / 1024).toFixed(1);
    };
    console.log(`  export writer (pdfkit): ${ours.toFixed(2)} s for ${DOCS} transcripts × ${LINES} lines (${((ours / DOCS) * 1000).toFixed(1)} ms each)`);
    console.log(`  Chromium page.pdf (baseline): ${chrome.toFixed(2)} s (${((chrome / DOCS) * 1000).toFixed(1)} ms each)`);
    console.log(`  average file size: ${kib('ours-')} KiB (pdfkit, subset fonts embedded) vs ${kib('chromium-')} KiB (Chromium)`);
    console.log(`  speed ratio: ${(chrome / ours).toFixed(1)}× Chromium (target ≥ 8×)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
