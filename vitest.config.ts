import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'src/{shared,server,main}/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
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
