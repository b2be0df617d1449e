import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { BOTH_ENGINE_TESTS } from './tests/unit/server/bothEngineTests';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // The back ends the tests start read subtitle files only; the tests of hearing and reading turn it on for theirs.
          env: { REELSCOPE_MEDIA_ANALYSIS: 'off' },
          include: ['tests/unit/**/*.test.ts', 'src/{shared,server,main}/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
          globalSetup: ['tests/unit/server/support/seedCache.setup.ts'],
        },
      },
      {
        // The server tests that run on both engines, here on PostgreSQL (issue 27): the `unit` project runs them on SQLite.
        extends: true,
        test: {
          name: 'unit-postgres',
          environment: 'node',
          include: BOTH_ENGINE_TESTS,
          env: { REELSCOPE_TEST_ENGINE: 'postgres', REELSCOPE_MEDIA_ANALYSIS: 'off' },
          testTimeout: 30000,
          hookTimeout: 120000,
          pool: 'forks',
          setupFiles: ['tests/unit/server/support/engineSetup.ts'],
          // One cluster for the run with each file's databases in it, and the seeded workspaces kept (the files' headers).
          globalSetup: ['tests/unit/server/support/seedCache.setup.ts', 'tests/unit/server/support/pgCluster.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.{ts,tsx}', 'src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/component/setup.ts'],
          testTimeout: 20000,
        },
      },
    ],
  },
});
