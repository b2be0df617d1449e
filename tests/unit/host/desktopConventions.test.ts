import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NavigateSchema } from '../../../src/shared/ipc/app.schemas';
import { createAtomicFile } from '../../../src/main/adapters/nodeAtomicFile';
import { deepLinkInArgs, routeOfDeepLink } from '../../../src/shared/deepLinks';
import { initialWindow, loadWindowState, saveWindowState, visibleOnSomeDisplay } from '../../../src/main/services/windowState.service';

const DEFAULTS = { width: 1440, height: 900, minWidth: 1024, minHeight: 700 };
const ONE_SCREEN = [{ x: 0, y: 0, width: 1920, height: 1050 }];

describe('deep links', () => {
  it('opens reelscope://videos/{id} as the video route', () => {
    expect(routeOfDeepLink('reelscope://videos/vid_123')).toBe('/videos/vid_123');
    expect(routeOfDeepLink('reelscope:///videos/vid_123')).toBe('/videos/vid_123');
    expect(routeOfDeepLink('reelscope://videos/vid_123/')).toBe('/videos/vid_123');
    expect(routeOfDeepLink('reelscope://library')).toBe('/library');
    expect(routeOfDeepLink('reelscope://reset-password?token=Abc_def-1234567890XYZ')).toBe('/reset-password?token=Abc_def-1234567890XYZ');
    expect(routeOfDeepLink('reelscope://reset-password?token=short')).toBeNull();
    expect(routeOfDeepLink('reelscope://reset-password?token=a%22b%3Cscript%3E0123456789')).toBeNull();
    // The confirmation email's link (issue 26 item 32): a signed token, three dot-joined base64url parts.
    expect(routeOfDeepLink('reelscope://confirm-email?token=eyJhbGciOi.eyJzdWIiOiJ1.c2lnbmF0dXJl')).toBe('/confirm-email?token=eyJhbGciOi.eyJzdWIiOiJ1.c2lnbmF0dXJl');
    expect(routeOfDeepLink('reelscope://confirm-email?token=a%22b%3Cscript%3E0123456789')).toBeNull();
  });

  it('opens a cited moment (?t=SECONDS) at that time, and a bad time at the start', () => {
    expect(routeOfDeepLink('reelscope://videos/vid_123?t=95')).toBe('/videos/vid_123?t=95');
    expect(routeOfDeepLink('reelscope://videos/vid_123?t=12.500')).toBe('/videos/vid_123?t=12.5');
    expect(routeOfDeepLink('reelscope://videos/vid_123?x=1&t=7#top')).toBe('/videos/vid_123?t=7');
    for (const t of ['-3', '1e9', '99999999', 'soon', '12%3Cscript', '']) expect(routeOfDeepLink(`reelscope://videos/vid_123?t=${t}`)).toBe('/videos/vid_123');
    expect(NavigateSchema.safeParse({ path: routeOfDeepLink('reelscope://videos/vid_123?t=95') }).success).toBe(true);
  });

  it('lets a reset-password link through app.navigate while the app runs (a path with a plain query)', () => {
    expect(NavigateSchema.safeParse({ path: routeOfDeepLink('reelscope://reset-password?token=Abc_def-1234567890XYZ') }).success).toBe(true);
    for (const path of ['/videos/a?t=<b>', '/videos/a?t="1"', '/x?', '//evil.example/', '/a?b c']) expect(NavigateSchema.safeParse({ path }).success, path).toBe(false);
  });

  it('ignores other schemes, other routes and ids that are not ids', () => {
    for (const link of ['https://videos/abc', 'reelscope://settings', 'reelscope://videos/../../etc', 'reelscope://videos/a%2Fb', 'reelscope://videos/a/b', 'not a url']) {
      expect(routeOfDeepLink(link)).toBeNull();
    }
  });

  it('finds the link among the arguments a second instance passes on', () => {
    expect(deepLinkInArgs(['/opt/Reelscope/reelscope', '--no-sandbox', 'reelscope://videos/v9'])).toBe('/videos/v9');
    expect(deepLinkInArgs(['/opt/Reelscope/reelscope'])).toBeNull();
  });

  it('produces only paths the app.navigate event accepts', () => {
    expect(NavigateSchema.safeParse({ path: routeOfDeepLink('reelscope://videos/v9') }).success).toBe(true);
    expect(NavigateSchema.safeParse({ path: 'https://evil.example/' }).success).toBe(false);
    expect(NavigateSchema.safeParse({ path: 'javascript:alert(1)' }).success).toBe(false);
  });
});

describe('window state', () => {
  let dir: string | null = null;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('restores the saved size and place through a real file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'reelscope-window-'));
    const file = createAtomicFile(join(dir, 'window-state.json'));
    expect(await loadWindowState(file)).toBeNull();
    expect(initialWindow(null, DEFAULTS, ONE_SCREEN)).toEqual({ width: 1440, height: 900, maximized: false, fullScreen: false });
    await saveWindowState(file, { bounds: { x: 120, y: 80, width: 1280, height: 800 }, maximized: true, fullScreen: false });
    const saved = await loadWindowState(file);
    expect(initialWindow(saved, DEFAULTS, ONE_SCREEN)).toEqual({ width: 1280, height: 800, x: 120, y: 80, maximized: true, fullScreen: false });
  });

  it('drops a position that is on no display any more and keeps the minimum size', () => {
    const saved = { bounds: { x: 2500, y: 100, width: 600, height: 400 }, maximized: false, fullScreen: false };
    expect(initialWindow(saved, DEFAULTS, ONE_SCREEN)).toEqual({ width: 1024, height: 700, maximized: false, fullScreen: false });
    expect(visibleOnSomeDisplay({ x: 1900, y: 10, width: 800, height: 600 }, ONE_SCREEN)).toBe(false);
    expect(visibleOnSomeDisplay({ x: 1700, y: 10, width: 800, height: 600 }, ONE_SCREEN)).toBe(true);
  });

  it('treats a corrupted file as no saved state', async () => {
    dir = mkdtempSync(join(tmpdir(), 'reelscope-window-'));
    writeFileSync(join(dir, 'window-state.json'), '{"bounds": 42');
    expect(await loadWindowState(createAtomicFile(join(dir, 'window-state.json')))).toBeNull();
  });
});
