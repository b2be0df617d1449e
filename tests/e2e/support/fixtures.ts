import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { AppStack } from './stack';

/**
 * Calls one host channel through the web host's bridge, as the renderer does. Pass `asBrowserOf` to call as that page's
 * browser (its session cookie): the web host hands the stored session only to the browser that signed in.
 */
export async function callHost(stack: AppStack, channel: string, input?: unknown, asBrowserOf?: Page): Promise<unknown> {
  const cookies = asBrowserOf ? await asBrowserOf.context().cookies(stack.webUrl) : [];
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const html = await (await fetch(stack.webUrl)).text();
  const token = /name="reelscope-host-token" content="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('the web host served no bridge token');
  const res = await fetch(`${stack.webUrl}/__host/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-reelscope-host-token': token, origin: stack.webUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ input }),
  });
  const envelope = (await res.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error?.message}`);
  return envelope.value;
}

type WorkerFixtures = { stack: AppStack };
type TestFixtures = { signedOut: void };

/**
 * One running app (back end + web host) per worker; every test starts signed out,
 * because the host keeps the token in the keychain across windows, like the desktop app.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  // An automatic fixture rather than a beforeEach in this module: a module's hooks register only for the first
  // spec file that imports it.
  signedOut: [
    async ({ stack }, use) => {
      await callHost(stack, 'session.logout');
      await use();
    },
    { auto: true },
  ],
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = new AppStack();
      await stack.start();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { expect };
