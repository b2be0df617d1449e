import { chmodSync, copyFileSync, createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_MEDIA_FILES, thumbnailUrl, THUMBNAIL_COUNT } from './platformUrls';
import { productPictureUrl, PRODUCT_PICTURE_COUNT } from './products';
import { MEDIA_URL_PREFIX } from '../../shared/domain/workspace';
import type { MediaStore } from '../media/mediaStore';

const MARKER = DEMO_MEDIA_FILES[0];

/** Relative paths (under the media folder) of every bundled file: demo videos, thumbnails and product pictures. */
export function demoMediaFiles(): string[] {
  const fromUrl = (url: string): string => url.slice(MEDIA_URL_PREFIX.length + 1);
  return [
    ...DEMO_MEDIA_FILES,
    ...Array.from({ length: THUMBNAIL_COUNT }, (_, i) => fromUrl(thumbnailUrl(i + 1))),
    ...Array.from({ length: PRODUCT_PICTURE_COUNT }, (_, i) => fromUrl(productPictureUrl(i + 1))),
  ];
}

/**
 * Finds the bundled `resources/media` folder. A packaged app passes its own path (e.g. `process.resourcesPath/media`);
 * otherwise the folder is searched from the working directory and from this module's location upwards (dev, tests, tsx).
 * Throws when none holds the demo videos.
 */
export function resolveMediaSourceDir(explicit?: string): string {
  const candidates: string[] = [];
  if (explicit) candidates.push(resolve(explicit));
  candidates.push(join(process.cwd(), 'resources', 'media'));
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    candidates.push(join(dir, 'resources', 'media'));
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const found = candidates.find((candidate) => existsSync(join(candidate, MARKER)));
  if (!found) throw new Error(`Demo media not found; looked in: ${candidates.join(', ')}`);
  return found;
}

/** Copies the bundled media into `mediaDir` (skipping files already there with the same size); returns how many were copied. */
export function copyDemoMedia(sourceDir: string, mediaDir: string): number {
  let copied = 0;
  for (const relative of demoMediaFiles()) {
    const from = join(sourceDir, relative);
    const to = join(mediaDir, relative);
    if (existsSync(to) && statSync(to).size === statSync(from).size) continue;
    mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
    copyFileSync(from, to);
    // A copy keeps the bundled file's mode (0644), whatever the umask: the workspace's media are its owner's alone.
    if (process.platform !== 'win32') chmodSync(to, 0o600);
    copied += 1;
  }
  return copied;
}

/** Copies the bundled media into a media store (a bucket too), skipping objects already there with the same size. */
export async function copyDemoMediaTo(sourceDir: string, store: MediaStore): Promise<number> {
  let copied = 0;
  for (const relative of demoMediaFiles()) {
    const from = join(sourceDir, relative);
    if ((await store.head(relative))?.size === statSync(from).size) continue;
    await store.put(relative, createReadStream(from));
    copied += 1;
  }
  return copied;
}
