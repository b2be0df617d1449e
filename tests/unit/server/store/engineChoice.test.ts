import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../../../../src/server/app';

const saved = process.env.REELSCOPE_DATABASE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.REELSCOPE_DATABASE_URL;
  else process.env.REELSCOPE_DATABASE_URL = saved;
});

describe('the database engine is chosen by configuration, never by a silent fall-back', () => {
  it('with REELSCOPE_DATABASE_URL set, the start stops with one sentence and no SQLite file is made', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reelscope-engine-'));
    try {
      process.env.REELSCOPE_DATABASE_URL = 'postgres://reelscope@127.0.0.1:1/reelscope';
      await expect(createServer({ dataDir, port: 0, seed: false })).rejects.toThrow(/^REELSCOPE_DATABASE_URL is set, but .* unset it to use the embedded SQLite database\.$/);
      expect(existsSync(join(dataDir, 'reelscope.sqlite'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
