import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

/** Native modules stay outside the bundle: they are loaded from node_modules (unpacked from the asar). */
const NATIVE = ['better-sqlite3', 'keytar'];

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: { include: NATIVE },
      rolldownOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          // The embedded back end (src/server/cli.ts behind the utility-process shim) runs as out/main/backend.js.
          backend: resolve('src/main/electron/backendChild.ts'),
          // Report charts are laid out on a thread of their own (reportExport/chartLayoutThread.ts looks for this file).
          chartLayoutWorker: resolve('src/main/services/reportExport/chartLayout.worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require node_modules: bundle everything (zod included) into one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [react()],
    build: {
      outDir: resolve('out/renderer'),
      rolldownOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
});
