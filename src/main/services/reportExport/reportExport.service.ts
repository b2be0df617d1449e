/**
 * Report exports (issue 12): the host fetches a report's figures with the stored tokens, builds the document the
 * screen shows (shared/reports) and writes it as PDF or CSV. No browser is in the path: charts are drawn by ECharts'
 * server-side SVG renderer. Electron asks where with the save dialog; the web host writes `<dataDir>/exports`.
 * Written to a `.part` file first, so a failure never leaves half a file under the final name.
 */
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ReportFiguresSchema } from '../../../shared/http/reports.schemas';
import type { ReportExportInput, ReportExportResult } from '../../../shared/ipc/exports.schemas';
import { HostError } from '../../../shared/ipc/handlers';
import { buildReportDocument } from '../../../shared/reports/buildReportDocument';
import { ReportDocumentSchema, type ReportDocument } from '../../../shared/reports/reportDocument';
import type { BackendClient } from '../backendClient';
import type { SaveFilePicker } from '../csvExport.service';
import { freeFileName, publishFile, safeFileBase } from '../fileNames';
import type { ParsedFont } from '../transcriptExport/fonts';
import type { FontKey } from '../transcriptExport/scripts';
import { reportCsv } from './reportCsv';
import { renderReportPdf } from './reportPdf';

export interface ReportExportDeps {
  client: Pick<BackendClient, 'json'>;
  exportDir: string;
  savePicker: SaveFilePicker | null;
  now: () => Date;
  font: (key: FontKey) => ParsedFont;
}

export const REPORT_EXPORT_MESSAGES = { failed: 'The report could not be saved.' } as const;

/** The figures' path of a saved report (with its window) or of an unsaved definition. */
export function figuresPath(input: ReportExportInput): string {
  const query = new URLSearchParams({ brand_id: input.identity.brand_id, user_id: input.identity.user_id });
  if (input.report_id !== undefined) {
    for (const [key, value] of Object.entries(input.window ?? {})) if (typeof value === 'string') query.set(key, value);
    return `/reports/${encodeURIComponent(input.report_id)}/figures?${query.toString()}`;
  }
  query.set('definition', JSON.stringify(input.definition));
  return `/reports/figures?${query.toString()}`;
}

/** The bytes of a document in a format, and (PDF) its page count. */
export async function renderReport(document: ReportDocument, format: 'pdf' | 'csv', font: ReportExportDeps['font']): Promise<{ bytes: Buffer; pages: number | null }> {
  if (format === 'csv') return { bytes: Buffer.from(reportCsv(document), 'utf8'), pages: null };
  return renderReportPdf(document, font);
}

export function createReportExportService(deps: ReportExportDeps) {
  /** Writes the report into `dir` (the chosen `target` when given, else a free name), through a `.part` file. */
  async function write(input: ReportExportInput, dir: string, target: string | null, document: ReportDocument, base: string): Promise<NonNullable<ReportExportResult>> {
    const ext = input.format;
    const part = target ? `${target}.part` : `${await freeFileName(dir, base, ext)}.part`;
    try {
      const { bytes, pages } = await renderReport(document, input.format, deps.font);
      await mkdir(dir, { recursive: true });
      await writeFile(part, bytes);
      let path: string;
      if (target) {
        await rename(part, target);
        path = target;
      } else {
        path = await publishFile(part, dir, base, ext);
      }
      return { path, bytes: bytes.length, pages };
    } catch (error) {
      await unlink(part).catch(() => undefined);
      if (error instanceof HostError) throw error;
      throw new HostError('failed', `${REPORT_EXPORT_MESSAGES.failed} ${error instanceof Error ? error.message : ''}`.trim());
    }
  }

  async function documentOf(input: ReportExportInput): Promise<{ document: ReportDocument; base: string }> {
    const figures = await deps.client.json('main', 'GET', figuresPath(input), undefined, ReportFiguresSchema);
    const document = ReportDocumentSchema.parse(buildReportDocument(figures, deps.now()));
    return { document, base: `${safeFileBase(document.title, 'report')}-${deps.now().toISOString().slice(0, 10)}` };
  }

  return {
    /** Electron asks where (null when cancelled); the web host writes into its exports folder. */
    async exportReport(input: ReportExportInput): Promise<ReportExportResult> {
      const { document, base } = await documentOf(input);
      if (!deps.savePicker) return write(input, deps.exportDir, null, document, base);
      const target = await deps.savePicker.pick({ title: `Save ${document.title}`, defaultName: `${base}.${input.format}`, filters: [{ name: input.format.toUpperCase(), extensions: [input.format] }] });
      return target === null ? null : write(input, dirname(target), target, document, base);
    },
    /** Writes into a folder without asking (scheduled reports), never replacing a file; says the report's title as of now. */
    async exportToFolder(input: ReportExportInput, dir: string): Promise<NonNullable<ReportExportResult> & { title: string }> {
      const { document, base } = await documentOf(input);
      return { ...(await write(input, dir, null, document, base))!, title: document.title };
    },
  };
}
export type ReportExportService = ReturnType<typeof createReportExportService>;
