import { defineConfig } from '@playwright/test';
import web from './playwright.web.config';

// The stacks of these specs run their back end as a team server: a throwaway PostgreSQL cluster per stack, the demo
// seeded into it (tests/e2e/support/engine.ts). Set here, before the workers start, so every worker inherits it.
process.env.REELSCOPE_E2E_ENGINE = 'postgres';

/**
 * The web e2e's main flows against a PostgreSQL-backed back end (issue 27): sign-in, the videos list searched in the
 * transcripts, home, a chat message, a campaign draft and a widget build. The same specs as on SQLite.
 */
export default defineConfig({
  ...web,
  testMatch: ['auth.spec.ts', 'transcriptSearch.spec.ts', 'home.spec.ts', 'chat.spec.ts', 'campaignWizard.spec.ts', 'widgets.spec.ts'],
  outputDir: '../../artifacts/e2e-postgres-output',
  reporter: [['list'], ['json', { outputFile: '../../artifacts/test-results/e2e-web-postgres.json' }]],
});
