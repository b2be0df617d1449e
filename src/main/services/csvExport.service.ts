/**
 * Creators CSV export (issue 6 item 4): the host fetches GET /jwt_api/influencers/export.csv?<query> with the stored
 * tokens and streams it to a file. Electron asks where through a save dialog; the web host (no native dialog) writes
 * `<dataDir>/exports/creators-<date>.csv`, numbered when the name is taken. Written to a `.part` file first, so a
 * failed transfer never leaves a half file under the final name.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { HostError } from '../../shared/ipc/handlers';
import type { CsvExportResult } from '../../shared/ipc/exports.schemas';
import type { BackendClient } from './backendClient';
import { freeFileName, publishFile } from './fileNames';

/** The native save dialog: answers the chosen path, or null when cancelled. */
export interface SaveFilePicker {
  pick(options: { title: string; defaultName: string; filters: { name: string; extensions: string[] }[] }): Promise<string | null>;
}

export interface CsvExportDeps {
  client: Pick<BackendClient, 'raw'>;
  /** Folder for the web host's files (`<dataDir>/exports`). */
  exportDir: string;
  /** Null where there is no native dialog (web host). */
  savePicker: SaveFilePicker | null;
  now: () => Date;
}

export interface CsvExportService {
  exportCreators(query: Record<string, string>): Promise<CsvExportResult>;
  /** The license purchase history (issue 14) of the acting brand. */
  exportLicensePurchases(identity: Record<string, string>): Promise<CsvExportResult>;
}

export const CSV_EXPORT_MESSAGES = { failed: 'The CSV file could not be saved.' } as const;

/** Counts CSV records (line ends outside quoted fields) as the bytes stream through. */
function recordCounter(): { transform: Transform; records: () => number; bytes: () => number } {
  let records = 0;
  let bytes = 0;
  let quoted = false;
  let lastWasNewline = true;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      for (const byte of chunk) {
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) records++;
        lastWasNewline = byte === 0x0a;
      }
      done(null, chunk);
    },
    flush(done) {
      if (!lastWasNewline && bytes > 0) records++;
      done();
    },
  });
  return { transform, records: () => records, bytes: () => bytes };
}

export function createCsvExportService(deps: CsvExportDeps): CsvExportService {
  /** Saves a CSV the back end writes at `path` as `<name>-<date>.csv`. */
  async function save(path: string, name: string, title: string): Promise<CsvExportResult> {
    const date = deps.now().toISOString().slice(0, 10);
    const base = `${name}-${date}`;
    let target: string | null = null;
    if (deps.savePicker) {
      target = await deps.savePicker.pick({ title, defaultName: `${base}.csv`, filters: [{ name: 'CSV', extensions: ['csv'] }] });
      if (target === null) return null;
    }
    const response = await deps.client.raw('main', path);
    if (!response.body) throw new HostError('failed', CSV_EXPORT_MESSAGES.failed);
    const dir = target ? dirname(target) : deps.exportDir;
    await mkdir(dir, { recursive: true });
    const part = target ? `${target}.part` : `${await freeFileName(dir, base, 'csv')}.part`;
    const counter = recordCounter();
    try {
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), counter.transform, createWriteStream(part));
      // The person chose the target in the dialog (the OS asked about replacing); the web host never replaces a file.
      let path: string;
      if (target) {
        await rename(part, target);
        path = target;
      } else {
        path = await publishFile(part, dir, base, 'csv');
      }
      return { path, rows: Math.max(0, counter.records() - 1), bytes: counter.bytes() };
    } catch (error) {
      await unlink(part).catch(() => undefined);
      if (error instanceof HostError) throw error;
      throw new HostError('failed', `${CSV_EXPORT_MESSAGES.failed} ${error instanceof Error ? error.message : ''}`.trim());
    }
  }
  return {
    exportCreators: (query) => save(`/influencers/export.csv?${new URLSearchParams(query).toString()}`, 'creators', 'Save creators CSV'),
    exportLicensePurchases: (identity) => save(`/license_agreements/purchases.csv?${new URLSearchParams(identity).toString()}`, 'license-purchases', 'Save license purchases CSV'),
  };
}

/** The web host's folder of CSV exports. */
export function webExportDir(stateDir: string): string {
  return join(stateDir, 'exports');
}
