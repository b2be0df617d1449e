import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../src/main/services/contentSecurityPolicy';
import { isAppUrl, isSafeExternalUrl } from '../../../src/main/services/originPolicy';
import { resolveStaticPath } from '../../../src/main/services/staticFiles';

describe('who may call the host, and which links leave the app', () => {
  it('trusts app://reelscope pages and the dev server only', () => {
    expect(isAppUrl('app://reelscope/index.html')).toBe(true);
    expect(isAppUrl('app://other/index.html')).toBe(false);
    expect(isAppUrl('https://www.youtube.com/embed/x')).toBe(false);
    expect(isAppUrl('file:///etc/passwd')).toBe(false);
    expect(isAppUrl('http://localhost:5173/videos', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/videos', 'http://localhost:5173/')).toBe(false);
  });

  it('opens only https links without credentials in the system browser', () => {
    expect(isSafeExternalUrl('https://www.tiktok.com/@creator')).toBe(true);
    expect(isSafeExternalUrl('http://example.com')).toBe(false);
    expect(isSafeExternalUrl('file:///C:/Windows/system32/calc.exe')).toBe(false);
    expect(isSafeExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeExternalUrl('https://user:pw@example.com')).toBe(false);
    expect(isSafeExternalUrl('not a url')).toBe(false);
  });
});

describe('serving the renderer', () => {
  const root = '/srv/renderer';
  it('serves files inside the build and client routes as index.html', () => {
    expect(resolveStaticPath(root, '/assets/app.js')).toEqual({ kind: 'file', path: join(root, 'assets/app.js') });
    expect(resolveStaticPath(root, '/')).toEqual({ kind: 'file', path: join(root, 'index.html') });
    expect(resolveStaticPath(root, '/videos/42?tab=transcript')).toEqual({ kind: 'spa', path: join(root, 'index.html') });
  });

  it('refuses every way out of the build folder', () => {
    for (const attempt of ['/../secrets.json', '/assets/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc/passwd', '/assets/..\\..\\x.js', '/%00.js', '/%E0%A4%A']) {
      expect(resolveStaticPath(root, attempt), attempt).toEqual({ kind: 'forbidden' });
    }
  });

  it('sends the strict CSP with the hosted origin allowed to connect', () => {
    const csp = contentSecurityPolicy(['https://api.reelscope.example']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:* https://api.reelscope.example");
    expect(csp).toContain('frame-src https://www.youtube.com');
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });
});
