import { defineConfig } from '@playwright/test';

/** The Electron smoke test: runs where Electron's binary exists and says plainly that it skipped elsewhere. */
export default defineConfig({
  testDir: './electron',
  outputDir: '../../artifacts/e2e-electron-output',
  workers: 1,
  timeout: 120_000,
  reporter: [['list'], ['json', { outputFile: '../../artifacts/test-results/e2e-electron.json' }]],
});
