import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as Esbuild from 'esbuild';

export interface EmbedScript { code: string; etag: string }

/** Where the embed's source sits in a checkout, and where `npm run build:embed` writes the bundle. */
export const EMBED_SOURCE = join('src', 'embed', 'index.ts');
export const EMBED_BUNDLE = join('out', 'embed', 'embed.js');

/** The options every embed bundle is built with (the server's and `npm run build:embed`'s are one). */
export const EMBED_BUILD_OPTIONS = {
  bundle: true, minify: true, format: 'iife', target: ['es2020'], legalComments: 'none', charset: 'utf8',
} as const;

const etagOf = (code: string) => `"${createHash('sha256').update(code).digest('base64url').slice(0, 27)}"`;

/**
 * embed.js as served: bundled from source when the checkout has it (development, tests, the web host), so it is never
 * stale; else the prebuilt bundle (REELSCOPE_EMBED_JS or out/embed/embed.js) of a packaged app. Built once per process.
 */
export function createEmbedScript(root: string = process.cwd()): () => Promise<EmbedScript> {
  let built: Promise<EmbedScript> | null = null;
  const build = async (): Promise<EmbedScript> => {
    const source = join(root, EMBED_SOURCE);
    if (existsSync(source)) {
      // A computed name keeps the bundler of the Electron main process from trying to inline esbuild (a native binary).
      const name = 'esbuild';
      const esbuild = (await import(/* @vite-ignore */ name)) as typeof Esbuild;
      const result = await esbuild.build({ ...EMBED_BUILD_OPTIONS, target: [...EMBED_BUILD_OPTIONS.target], entryPoints: [source], write: false });
      const code = result.outputFiles[0]!.text;
      return { code, etag: etagOf(code) };
    }
    const file = process.env.REELSCOPE_EMBED_JS ?? join(root, EMBED_BUNDLE);
    const code = readFileSync(file, 'utf8');
    return { code, etag: etagOf(code) };
  };
  return () => {
    built ??= build().catch((error: unknown) => {
      built = null;
      throw error;
    });
    return built;
  };
}
