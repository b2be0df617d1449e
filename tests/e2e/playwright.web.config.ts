import { defineConfig } from '@playwright/test';

/** Web end-to-end tests: Debian Chromium against the app served by the web host (never a downloaded browser). */
export default defineConfig({
  testDir: './web',
  outputDir: '../../artifacts/e2e-output',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '../../artifacts/test-results/e2e-web.json' }]],
  use: {
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
});
