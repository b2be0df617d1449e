import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('./src/renderer', import.meta.url));
const outDir = fileURLToPath(new URL('./out/web', import.meta.url));

/** The renderer as a plain web page (served by the web host): relative asset paths, no inline scripts. */
export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
    // No source map: the web host would serve 11 MB of our source to anything that asks, and no test reads it.
    sourcemap: false,
    // Keep every script an external file so a strict CSP (script-src 'self') holds.
    modulePreload: { polyfill: false },
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 5199 },
});
