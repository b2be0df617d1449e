import AxeBuilder from '@axe-core/playwright';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';
import { chooseWidgetVideos } from '../support/widgetBuilder';

/** A plain shop page on its own origin with the snippet between two paragraphs; layout shifts are summed as they happen. */
async function servePage(snippet: string, dark = false): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Spring shop</title>
<script>window.__cls = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true });</script>
<style>body { font: 16px/1.5 Georgia, serif; margin: 24px; color: ${dark ? '#e8e8e8; background: #15181c' : '#333'} } h1 { color: ${dark ? '#f5a3a3' : '#800'} }</style></head>
<body><h1>Spring collection</h1><p id="above">Our spring picks, as our customers film them.</p>
${snippet}
<p id="below">Free shipping over $50.</p><button id="own-button" onclick="this.textContent='Still working'">Shop button</button></body></html>`;
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

const embed = (page: Page) => page.locator('[data-reelscope-widget-host]');

/** Serious and critical WCAG A/AA problems inside the widget (the test page's own markup is not ours). */
async function widgetViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('[data-reelscope-widget-host]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')} — ${v.help}`);
}

test('a widget built with 5 videos and tagged products, embedded on another origin, counts a play and a product click in its analytics', async ({ page, stack, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsManager(page, stack.webUrl, '/widgets');
  await expect(page.getByRole('list', { name: 'Widgets' }).getByRole('heading', { name: 'Homepage carousel' })).toBeVisible();

  await page.getByRole('link', { name: 'New widget' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Spring glow carousel');
  await page.getByRole('button', { name: 'Create widget' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A carousel needs at least 5 videos.' })).toBeVisible();

  const { rows, firstTitle } = await chooseWidgetVideos(page);

  await page.getByRole('button', { name: `Tag products on ${firstTitle}` }).click();
  const tags = page.getByRole('dialog', { name: `Products in “${firstTitle}”` });
  const product = tags.getByRole('list', { name: 'Shop inventory' }).getByRole('listitem').first();
  const productName = (await product.innerText()).split(' · ')[0]!.trim();
  await product.getByRole('checkbox').check();
  await tags.getByPlaceholder('https://shop.example/products/…').fill('shop.example/products/glow');
  await tags.getByRole('button', { name: 'Tag 1 product' }).click();
  await expect(rows.first()).toContainText(productName);

  await page.getByLabel('Call-to-action link').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Create widget' }).click();
  await expect(page.getByText('A link is a web address (https://…); javascript:, data: and other schemes are refused.')).toBeVisible();
  await page.getByLabel('Call-to-action link').fill('shop.example/spring');
  await page.getByRole('button', { name: 'Create widget' }).click();
  await expect(page).toHaveURL(/#\/widgets\/[0-9a-f]{24}$/);
  const widgetId = /widgets\/([0-9a-f]{24})$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { name: 'Edit Spring glow carousel' })).toBeVisible();

  for (const skin of ['light', 'dark'] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl: false } });
    await page.reload();
    const preview = page.getByRole('region', { name: 'Preview on desktop' });
    await expect(preview.getByRole('button', { name: /^Play / })).toHaveCount(5);
    // The carousel's title is read whole beside its menu; the menu scrolls instead.
    const title = preview.getByRole('heading', { name: 'Spring glow carousel' });
    expect(await title.evaluate((heading) => heading.scrollWidth <= heading.clientWidth)).toBe(true);
    await page.screenshot({ path: `artifacts/screenshots/widget-builder-desktop-${skin}.png`, fullPage: true });
    await page.getByRole('radio', { name: 'Mobile' }).check();
    await expect(page.getByRole('region', { name: 'Preview on mobile' }).getByRole('button', { name: /^Play / })).toHaveCount(5);
    await page.screenshot({ path: `artifacts/screenshots/widget-builder-mobile-${skin}.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
  await page.reload();

  // The snippet, copied, on a page of another origin.
  await page.getByRole('button', { name: 'Get snippet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed snippet' });
  await dialog.getByRole('button', { name: 'Copy snippet' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toMatch(new RegExp(`^<div data-reelscope-widget-host="${widgetId}" style="display:block;height:392px"></div><script async src="http://127\\.0\\.0\\.1:\\d+/metrics/embed\\.js" data-reelscope-widget="${widgetId}" data-token="rwt_[A-Za-z0-9_-]+"></script>$`));
  await page.screenshot({ path: 'artifacts/screenshots/widget-snippet-light.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();

  const shop = await servePage(snippet);
  const shopper = await context.newPage();
  const errors: string[] = [];
  shopper.on('pageerror', (error) => errors.push(error.message));
  try {
    await shopper.goto(shop.url);
    const cards = embed(shopper).getByRole('button', { name: /^Play / });
    await expect(cards).toHaveCount(5);
    await expect(embed(shopper).getByRole('heading', { name: 'Spring glow carousel' })).toBeVisible();
    await expect(shopper.locator('#below')).toBeVisible();
    // The snippet's own room holds the space from the first paint: nothing moves on a first, uncached visit (the async
    // script comes after the page has painted) nor for a returning shopper.
    expect(await shopper.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
    await shopper.reload();
    await expect(cards).toHaveCount(5);
    expect(await shopper.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
    await shopper.screenshot({ path: 'artifacts/screenshots/widget-embed-page-light.png', fullPage: true });
    // On a dark shop page the carousel's title takes the page's own text colour. This page has an older snippet, the
    // script alone: the widget makes its own room.
    const dark = await servePage(snippet.replace(/^<div [^>]*><\/div>/, ''), true);
    const darkPage = await context.newPage();
    await darkPage.goto(dark.url);
    await expect(embed(darkPage).getByRole('button', { name: /^Play / })).toHaveCount(5);
    await darkPage.screenshot({ path: 'artifacts/screenshots/widget-embed-page-dark.png', fullPage: true });
    await darkPage.close();
    dark.server.close();

    expect(await widgetViolations(shopper)).toEqual([]);
    await cards.first().click();
    const player = embed(shopper).getByRole('dialog', { name: firstTitle });
    await expect(player).toBeVisible();
    expect(await widgetViolations(shopper)).toEqual([]);
    await expect.poll(() => player.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await shopper.screenshot({ path: 'artifacts/screenshots/widget-embed-player.png' });
    const [shopTab] = await Promise.all([context.waitForEvent('page'), player.getByRole('link', { name: productName }).click()]);
    await shopTab.close();
    await shopper.keyboard.press('Escape');
    await expect(player).toHaveCount(0);
    await expect(cards.first()).toBeFocused();
    // The host page's own controls still work.
    await shopper.locator('#own-button').click();
    await expect(shopper.locator('#own-button')).toHaveText('Still working');
    expect(errors).toEqual([]);
  } finally {
    await shopper.close({ runBeforeUnload: true });
  }

  // The analytics panel shows what the shopper did (events are sent on page hide).
  await page.goto(`${stack.webUrl}/#/widgets/${widgetId}/analytics`);
  const totals = page.getByRole('group', { name: 'Totals against the previous period' });
  await expect(async () => {
    await page.reload();
    await expect(totals.getByRole('group', { name: 'Views' })).toHaveText(/^Views1\D/, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  // Three page views (the first visit, its reload, the dark page) saw the widget; one played a video and clicked a product.
  await expect(totals.getByRole('group', { name: 'Impressions', exact: true })).toHaveText(/^Impressions3\D/);
  await expect(totals.getByRole('group', { name: 'Product clicks' })).toHaveText(/^Product clicks1\D/);
  await expect(totals.getByRole('group', { name: 'Engagement rate' })).toHaveText(/^Engagement rate33(\.3)?%/);
  for (const skin of ['light', 'dark'] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl: false } });
    await page.reload();
    await expect(totals.getByRole('group', { name: 'Views' })).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/widget-analytics-${skin}.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });

  // A playlist attached to the widget becomes a tab of the embed.
  await page.goto(`${stack.webUrl}/#/widgets?tab=playlists`);
  await page.getByRole('button', { name: 'New playlist' }).click();
  const form = page.getByRole('dialog', { name: 'New playlist' });
  await form.getByLabel('Title').fill('Morning routine');
  await form.getByRole('button', { name: 'Choose videos' }).click();
  const addPicker = page.getByRole('dialog', { name: 'Choose videos' });
  await addPicker.getByRole('list', { name: 'Playable videos' }).getByRole('checkbox').nth(0).check();
  await addPicker.getByRole('list', { name: 'Playable videos' }).getByRole('checkbox').nth(1).check();
  await addPicker.getByRole('button', { name: 'Add 2 videos' }).click();
  await form.getByRole('checkbox', { name: 'Spring glow carousel' }).check();
  await form.getByRole('button', { name: 'Create playlist' }).click();
  await expect(page.getByRole('list', { name: 'Playlists' })).toContainText('attached to Spring glow carousel');
  for (const skin of ['light', 'dark'] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl: false } });
    await page.goto(`${stack.webUrl}/#/widgets?tab=playlists`);
    await expect(page.getByRole('list', { name: 'Playlists' })).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/widget-playlists-${skin}.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Widgets' }).click();
    await expect(page.getByRole('list', { name: 'Widgets' })).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/widget-list-${skin}.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });

  const again = await context.newPage();
  await again.goto(shop.url);
  await expect(embed(again).getByRole('button', { name: 'Morning routine', exact: true })).toBeVisible();
  await embed(again).getByRole('button', { name: 'Morning routine', exact: true }).click();
  await expect(embed(again).getByRole('button', { name: /^Play / })).toHaveCount(2);
  await again.close();

  // Revoked: the page renders nothing of the widget and keeps working.
  await page.goto(`${stack.webUrl}/#/widgets`);
  await page.getByRole('button', { name: 'Get snippet' }).first().waitFor();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Spring glow carousel' }) });
  await card.getByRole('button', { name: 'Get snippet' }).click();
  await page.getByRole('dialog', { name: 'Embed snippet' }).getByRole('button', { name: 'Revoke all snippets' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke all snippets?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(/snippets? revoked/)).toBeVisible();
  const revoked = await context.newPage();
  await revoked.goto(shop.url);
  await expect(revoked.locator('#below')).toBeVisible();
  await expect(embed(revoked)).toHaveCount(0);
  await revoked.close();
  shop.server.close();
});
