// Sums the JSON reports of every runner (vitest, Playwright) and the pass/fail of the non-test steps
// into the closing line CI reads: "N passed, N failed, N skipped". Exits 1 when anything failed.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'artifacts/test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
/** Failed tests per report file, to tell a step that failed by its tests from one that crashed. */
const failedByReport = new Map();
/** Names and first error line of failed tests: the tail of a CI log is often all anyone sees of it. */
const failures = [];

function firstLine(text) {
  return String(text ?? '').replace(new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g'), '').split('\n').find((l) => l.trim()) ?? '';
}

function collectPlaywright(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const error = test.results?.at(-1)?.error?.message;
      failures.push(`${file}: ${spec.file}:${spec.line} ${spec.title} — ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? []) collectPlaywright(child, file);
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    failedByReport.set(file, report.numFailedTests);
    for (const result of report.testResults ?? []) {
      for (const test of result.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        failures.push(`${file}: ${result.name.replace(process.cwd() + '/', '')} › ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`);
      }
      if (result.status === 'failed' && (result.assertionResults ?? []).length === 0) {
        failures.push(`${file}: ${result.name.replace(process.cwd() + '/', '')} — ${firstLine(result.message)}`);
      }
    }
    lines.push(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
  } else if (report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky passed on retry
    const s = report.stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    skipped += s.skipped;
    failedByReport.set(file, s.unexpected);
    for (const suite of report.suites ?? []) collectPlaywright(suite, file);
    lines.push(`${file}: ${s.expected + s.flaky} passed, ${s.unexpected} failed, ${s.skipped} skipped`);
  }
}

const stepsFile = join(dir, 'steps.txt');
const steps = existsSync(stepsFile) ? readFileSync(stepsFile, 'utf8').trim().split('\n').filter(Boolean) : [];
// Lines read "pass unit 612s": the outcome, the step's name, its wall time.
const failedSteps = steps.filter((l) => l.startsWith('fail ')).map((l) => l.split(' ')[1]);
// A failed step without a failing test in its own report (lint, type errors, a crashed runner) counts as one failure.
for (const name of failedSteps) {
  if (!((failedByReport.get(`${name}.json`) ?? 0) > 0)) failed += 1;
}

console.log('');
console.log('Summary');
for (const l of lines) console.log(`  ${l}`);
for (const l of steps) console.log(`  step ${l}`);
if (failures.length > 0) {
  console.log('Failed tests');
  for (const l of failures.slice(0, 20)) console.log(`  ${l.slice(0, 400)}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
