import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = resolve(import.meta.dirname, '../../../scripts/summarize-tests.mjs');
const tmp: string[] = [];
afterAll(() => tmp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The closing summary of `npm test` over these step lines and vitest reports. */
function summarize(steps: string, reports: Record<string, object>): { status: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-summary-'));
  tmp.push(dir);
  writeFileSync(join(dir, 'steps.txt'), steps);
  for (const [name, report] of Object.entries(reports)) writeFileSync(join(dir, name), JSON.stringify(report));
  const result = spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });
  return { status: result.status, out: result.stdout };
}

const vitestReport = (passed: number, failed: number) => ({ numPassedTests: passed, numFailedTests: failed, numPendingTests: 0, testResults: [] });

describe("npm test's summary (scripts/summarize-tests.mjs)", () => {
  it("shows each step's wall time and counts a step that failed by its tests once, by those tests", () => {
    const result = summarize('pass tools 1s\nfail unit 612s\npass lint 95s\n', { 'unit.json': vitestReport(40, 2) });
    expect(result.out).toContain('step fail unit 612s');
    expect(result.out).toContain('step pass lint 95s');
    expect(result.out).toMatch(/^40 passed, 2 failed, 0 skipped$/m);
    expect(result.status).toBe(1);
  });

  it('counts a failed step without failing tests (a missing tool, a type error) as one failure', () => {
    const result = summarize('fail tools 0s\nfail typecheck 70s\npass unit 600s\n', { 'unit.json': vitestReport(40, 0) });
    expect(result.out).toMatch(/^40 passed, 2 failed, 0 skipped$/m);
    expect(result.status).toBe(1);
  });
});
