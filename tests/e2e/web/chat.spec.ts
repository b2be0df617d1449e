import PubNub from 'pubnub';
import { createChatKeys } from '../../../src/server/chat/chatKeys';
import { loadOrCreateJwtSecret } from '../../../src/server/auth/jwtSecret';
import type { ChatChannel } from '../../../src/shared/http/chat.schemas';
import type { CreatorListResponse } from '../../../src/shared/http/creators.schemas';
import { EMBEDDED_PUBNUB_KEYS } from '../../../src/shared/http/pubnub.schemas';
import { getAsBrandManager } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';
import type { AppStack } from '../support/stack';

/**
 * The creator's side of the conversation: a second real `pubnub` SDK client. Creators have no session in this app
 * (their own app is out of scope), so the test signs their key with the back end's secret as that app's server would.
 */
function creatorClient(stack: AppStack, creatorId: string): PubNub {
  const userId = `creator-${creatorId}`;
  const keys = createChatKeys(loadOrCreateJwtSecret(stack.dataDir), () => new Date());
  return new PubNub({ ...EMBEDDED_PUBNUB_KEYS, origin: new URL(stack.backendUrl).host, ssl: false, userId, authKey: keys.issue(userId), logLevel: PubNub.LogLevel.None });
}

test('a channel started from a creator, a message sent, a reply received live, unread counted and cleared, a message kept through an outage and sent once', async ({ page, stack }) => {
  test.setTimeout(120_000);
  const { channels } = await getAsBrandManager<{ channels: ChatChannel[] }>(stack, '/chats');
  const busy = new Set(channels.map((c) => c.recipient.influencer?._id));
  const { influencers } = await getAsBrandManager<CreatorListResponse>(stack, '/influencers', { per_page: '50' });
  const creator = influencers.find((c) => !busy.has(c._id))!;

  await signInAsManager(page, stack.webUrl, `/creators/${creator._id}`);
  await page.getByRole('button', { name: new RegExp(`^Message creator\\W+${creator.name}$`) }).click();
  await expect(page).toHaveURL(/#\/chat\?channel=/);
  const thread = page.getByRole('region', { name: `Conversation with ${creator.name}` });
  await expect(thread.getByText('No messages yet: say hello.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();

  // Sent: it shows once, as sent (not waiting).
  const composer = page.getByLabel(`Message to ${creator.name}`);
  await composer.fill('Hi! Would you film a 30-second <b>review</b>? 🎬');
  await composer.press('Enter');
  const messages = thread.getByTestId('chat-message');
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).toContainText('Would you film a 30-second <b>review</b>? 🎬');
  await expect(messages.first()).not.toHaveAttribute('data-pending', 'true');

  // The reply arrives live while the thread is open.
  const opened = (await getAsBrandManager<{ channels: ChatChannel[] }>(stack, '/chats')).channels.find((c) => c.recipient.influencer?._id === creator._id)!;
  const them = creatorClient(stack, creator._id);
  try {
    await them.publish({ channel: opened.pubnub_id, message: { id: 'reply-1', text: 'Happy to! مرحبا' } });
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1)).toContainText('Happy to! مرحبا');

    // Away from the chat, a new message counts as unread in the navigation; opening the channel clears it.
    // (The demo workspace leaves some creator messages unread in other channels: the count moves by one.)
    await page.getByRole('link', { name: /^Home/ }).click();
    const badge = page.getByTestId('chat-unread-total');
    const before = (await badge.count()) === 0 ? 0 : Number.parseInt(await badge.innerText(), 10);
    await them.publish({ channel: opened.pubnub_id, message: { id: 'reply-2', text: 'When do you need it?' } });
    await expect(badge).toHaveText(`${before + 1} unread`);
    await page.getByRole('link', { name: `Chat ${before + 1} unread` }).click();
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: creator.name }).filter({ hasText: '1 unread' }).click();
    await expect(thread.getByTestId('chat-message')).toHaveCount(3);
    if (before === 0) await expect(badge).toHaveCount(0);
    else await expect(badge).toHaveText(`${before} unread`);

    // With the back end stopped, a message waits (kept by the host) and goes out once when it returns.
    await stack.stopBackend();
    try {
      await composer.fill('Next Friday works. Sent while offline.');
      await composer.press('Enter');
      await expect(thread.locator('[data-pending="true"]')).toContainText('Sent while offline.');
      // The host writes the outbox just after the screen shows the message as waiting.
      const kept = async () => ((await callHost(stack, 'settings.get')) as { chat: { outbox: { text: string }[] } }).chat.outbox.map((entry) => entry.text);
      await expect.poll(kept).toEqual(['Next Friday works. Sent while offline.']);
    } finally {
      await stack.startBackend();
    }
    await expect(thread.locator('[data-pending="true"]')).toHaveCount(0, { timeout: 60_000 });
    await expect(thread.getByText('Next Friday works. Sent while offline.')).toHaveCount(1);
    const history = await them.fetchMessages({ channels: [opened.pubnub_id], count: 25 });
    expect(history.channels[opened.pubnub_id]!.filter((m) => (m.message as { text: string }).text === 'Next Friday works. Sent while offline.')).toHaveLength(1);
  } finally {
    them.destroy(true);
  }
});

test('chat screens in light, dark and right to left: the list, a thread and the empty state', async ({ page, stack }) => {
  const { channels } = await getAsBrandManager<{ channels: ChatChannel[] }>(stack, '/chats');
  await signInAsManager(page, stack.webUrl, '/chat');
  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    const suffix = `${skin}${rtl ? '-rtl' : ''}`;
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await page.goto(`${stack.webUrl}/#/chat`);
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/chat-list-${suffix}.png` });
    await page.goto(`${stack.webUrl}/#/chat?channel=${channels[0]!._id}`);
    await expect(page.getByTestId('chat-message').first()).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/chat-thread-${suffix}.png` });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});
