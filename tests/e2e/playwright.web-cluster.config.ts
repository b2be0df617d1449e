import { defineConfig } from '@playwright/test';
import web from './playwright.web.config';

// The cluster's back end is a team server: one throwaway PostgreSQL cluster, the demo seeded into it
// (tests/e2e/support/engine.ts). Set here, before the workers start, so every worker inherits it.
process.env.REELSCOPE_E2E_ENGINE = 'postgres';

/**
 * The web app behind a real load balancer (issue 28): Debian's nginx with deploy/nginx.conf in front of two back-end
 * instances on one PostgreSQL, one instance stopped mid-session (tests/e2e/support/clusterStack.ts).
 */
export default defineConfig({
  ...web,
  testDir: './cluster',
  outputDir: '../../artifacts/e2e-cluster-output',
  reporter: [['list'], ['json', { outputFile: '../../artifacts/test-results/e2e-web-cluster.json' }]],
});
