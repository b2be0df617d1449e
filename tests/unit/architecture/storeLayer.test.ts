import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..');
const SERVER = join(ROOT, 'src', 'server');
/** The store layer (issue 27): the only folders of the back end that hold the database. app.ts is the composition root. */
const STORE = ['repositories', 'search', 'db', 'seed'];

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('one store layer', () => {
  it('no file outside the store layer prepares or runs SQL', () => {
    const outside = serverFiles(SERVER).filter((file) => {
      const [top] = relative(SERVER, file).split('/');
      return !STORE.includes(top ?? '') && relative(SERVER, file) !== 'app.ts';
    });
    expect(outside.length).toBeGreaterThan(100);
    const holding = outside.filter((file) => /\.prepare\(|\.exec\(\s*['"`]|\.pragma\(|\.transaction\(/.test(readFileSync(file, 'utf8')));
    expect(holding.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('ESLint refuses a route, service or chat module that imports a database driver or opens the database', async () => {
    // The probes exist only in memory: without type information (the type-aware rules need a file on disk), the
    // import rules are the project's own.
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false, project: null } },
        rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off', '@typescript-eslint/await-thenable': 'off' },
      },
    });
    const probe = "import type Database from 'better-sqlite3';\nimport { Pool } from 'pg';\nimport { openDatabase } from '../../db/database';\nexport const handles: [Database.Database | null, typeof Pool, typeof openDatabase] = [null, Pool, openDatabase];\n";
    for (const path of ['src/server/routes/main/probe.ts', 'src/server/services/probe.ts', 'src/server/chat/probe.ts']) {
      const [result] = await eslint.lintText(probe, { filePath: join(ROOT, path) });
      const refused = (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports');
      expect(refused.map((message) => message.line), path).toEqual([1, 2, 3]);
    }
    const [inStore] = await eslint.lintText(probe.replace('../../db/database', '../db/database'), { filePath: join(ROOT, 'src/server/repositories/probe.ts') });
    expect((inStore?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports')).toEqual([]);
  });
});
