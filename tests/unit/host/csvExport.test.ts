/**
 * Creators CSV export through the host (issue 6 item 4): the real back end (createServer on port 0 in a temp dir), the
 * host's backend client with the stored tokens, and the file written to disk (web host folder, or the save dialog's path).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCsv } from '../../shared/csv';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { CREATOR_CSV_COLUMNS } from '../../../src/shared/http/creators.schemas';
import { BACKEND_MESSAGES, createBackendClient } from '../../../src/main/services/backendClient';
import type { SaveFilePicker } from '../../../src/main/services/csvExport.service';
import { createCsvExportService } from '../../../src/main/services/csvExport.service';
import { createSecretsService } from '../../../src/main/services/secrets.service';
import type { Backend } from './desktopFixture';
import { runningInfo, startBackend } from './desktopFixture';

describe('creators CSV export through the host', () => {
  let backend: Backend;
  let userId: string;
  let root: string;
  beforeAll(async () => {
    backend = await startBackend();
    const response = await fetch(`${backend.server.url}/jwt_api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.brandManager.email, password: DEMO_ACCOUNTS.brandManager.password }),
    });
    const session = (await response.json()) as { jwt: string; refresh_token: string; currentUser: { _id: string } };
    userId = session.currentUser._id;
    backend.tokens = { jwt: session.jwt, refreshToken: session.refresh_token };
  });
  afterAll(async () => {
    await backend?.close();
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  async function service(options: { signedIn?: boolean; savePicker?: SaveFilePicker | null } = {}) {
    root = mkdtempSync(join(tmpdir(), 'reelscope-csv-'));
    const secrets = createSecretsService({ keychain: null, encrypted: null, allowInsecure: () => false });
    if (options.signedIn !== false) await secrets.set(backend.tokens);
    const client = createBackendClient({ backend: () => runningInfo(backend.server.url), secrets, brandId: () => backend.brandId });
    const exportDir = join(root, 'exports');
    return { exportDir, csv: createCsvExportService({ client, exportDir, savePicker: options.savePicker ?? null, now: () => new Date('2026-11-22T10:00:00Z') }) };
  }

  async function listCount(query: Record<string, string>): Promise<number> {
    const response = await fetch(`${backend.server.url}/jwt_api/influencers?${new URLSearchParams(query).toString()}`, {
      headers: { authorization: `Bearer ${backend.tokens.jwt}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { count: number } }).data.count;
  }

  const base = () => ({ brand_id: backend.brandId, user_id: userId });

  it('web host: writes <dataDir>/exports/creators-<date>.csv with the header and exactly the rows the list counts', async () => {
    const { csv, exportDir } = await service();
    const query = { ...base(), tab: 'View All' };
    const result = await csv.exportCreators(query);
    expect(result).not.toBeNull();
    expect(result!.path).toBe(join(exportDir, 'creators-2026-11-22.csv'));
    const rows = parseCsv(readFileSync(result!.path, 'utf8'));
    expect(rows[0]).toEqual([...CREATOR_CSV_COLUMNS]);
    const count = await listCount(query);
    expect(count).toBeGreaterThan(0);
    expect(rows.length - 1).toBe(count);
    expect(result!.rows).toBe(count);
    for (const row of rows.slice(1)) expect(row).toHaveLength(CREATOR_CSV_COLUMNS.length);
    expect(readdirSync(exportDir).some((name) => name.endsWith('.part'))).toBe(false);

    // A second export never replaces the first.
    const again = await csv.exportCreators(query);
    expect(again!.path).toBe(join(exportDir, 'creators-2026-11-22 (2).csv'));
  });

  it('a filtered export has exactly the rows of the filtered list', async () => {
    const { csv } = await service();
    const query = {
      ...base(), tab: 'View All', validEmail: 'true', filters: JSON.stringify({ subscribers: { radio: 'gte', value: 10000 } }),
    };
    const count = await listCount(query);
    const all = await listCount({ ...base(), tab: 'View All' });
    expect(count).toBeLessThan(all);
    const result = await csv.exportCreators(query);
    const rows = parseCsv(readFileSync(result!.path, 'utf8'));
    expect(rows.length - 1).toBe(count);
    expect(result!.rows).toBe(count);
    const subscribers = CREATOR_CSV_COLUMNS.indexOf('subscribers');
    for (const row of rows.slice(1)) expect(Number(row[subscribers])).toBeGreaterThanOrEqual(10000);
  });

  it('Electron: saves to the path the save dialog answers, and nothing when it is cancelled', async () => {
    let target = '';
    const asked: string[] = [];
    const { csv, exportDir } = await service({ savePicker: { pick: async ({ defaultName }) => (asked.push(defaultName), target || null) } });
    expect(await csv.exportCreators({ ...base(), tab: 'My Creators' })).toBeNull();
    expect(existsSync(exportDir)).toBe(false);
    target = join(root, 'chosen', 'mine.csv');
    const result = await csv.exportCreators({ ...base(), tab: 'My Creators' });
    expect(result!.path).toBe(target);
    expect(asked).toEqual(['creators-2026-11-22.csv', 'creators-2026-11-22.csv']);
    expect(parseCsv(readFileSync(target, 'utf8')).length - 1).toBe(await listCount({ ...base(), tab: 'My Creators' }));
    expect(existsSync(`${target}.part`)).toBe(false);
  });

  it('fails with the sign-in message without tokens, and with the server message on a bad query; no file is left', async () => {
    const signedOut = await service({ signedIn: false });
    await expect(signedOut.csv.exportCreators({ ...base() })).rejects.toThrow(BACKEND_MESSAGES.signedOut);
    rmSync(root, { recursive: true, force: true });
    const { csv, exportDir } = await service();
    await expect(csv.exportCreators({ ...base(), sort: 'nonsense' })).rejects.toThrow();
    expect(existsSync(exportDir) ? readdirSync(exportDir) : []).toEqual([]);
  });
});
