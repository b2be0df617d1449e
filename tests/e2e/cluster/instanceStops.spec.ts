import { expect } from '@playwright/test';
import PubNub from 'pubnub';
import { createChatKeys } from '../../../src/server/chat/chatKeys';
import type { ChatChannel } from '../../../src/shared/http/chat.schemas';
import type { CreatorListResponse } from '../../../src/shared/http/creators.schemas';
import { EMBEDDED_PUBNUB_KEYS } from '../../../src/shared/http/pubnub.schemas';
import type { VideoNoteResponse } from '../../../src/renderer/features/videos/detail/videoDetail.api';
import { ShellPage } from '../pages/ShellPage';
import { VideoDetailPage } from '../pages/VideoDetailPage';
import { getAsBrandManager, playableVideo } from '../support/backend';
import { test, type ClusterStack } from '../support/clusterStack';
import { signInAsManager } from '../support/signIn';

/** The creator's side of the conversation: a real `pubnub` SDK client through nginx, its key signed with the team's secret. */
function creatorClient(cluster: ClusterStack, creatorId: string): PubNub {
  const userId = `creator-${creatorId}`;
  const keys = createChatKeys(cluster.jwtSecret, () => new Date());
  return new PubNub({ ...EMBEDDED_PUBNUB_KEYS, origin: new URL(cluster.backendUrl).host, ssl: false, userId, authKey: keys.issue(userId), logLevel: PubNub.LogLevel.None });
}

test('one of the two instances behind nginx is killed mid-session: still signed in, the note draft saves, the chat stays live', async ({ page, cluster }) => {
  const { channels } = await getAsBrandManager<{ channels: ChatChannel[] }>(cluster, '/chats');
  const busy = new Set(channels.map((channel) => channel.recipient.influencer?._id));
  const { influencers } = await getAsBrandManager<CreatorListResponse>(cluster, '/influencers', { per_page: '50' });
  const creator = influencers.find((candidate) => !busy.has(candidate._id))!;
  const video = await playableVideo(cluster, () => true);

  // A conversation started through the balancer: a message sent, a reply received live.
  await signInAsManager(page, cluster.webUrl, `/creators/${creator._id}`);
  await page.getByRole('button', { name: new RegExp(`^Message creator\\W+${creator.name}$`) }).click();
  await expect(page).toHaveURL(/#\/chat\?channel=/);
  const chatUrl = page.url();
  const thread = page.getByRole('region', { name: `Conversation with ${creator.name}` });
  const composer = page.getByLabel(`Message to ${creator.name}`);
  const messages = thread.getByTestId('chat-message');
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
  await composer.fill('Hello before the stop');
  await composer.press('Enter');
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).not.toHaveAttribute('data-pending', 'true');
  const opened = (await getAsBrandManager<{ channels: ChatChannel[] }>(cluster, '/chats')).channels.find((c) => c.recipient.influencer?._id === creator._id)!;
  const them = creatorClient(cluster, creator._id);
  try {
    await them.publish({ channel: opened.pubnub_id, message: { id: 'reply-before', text: 'Hi! Reply before the stop' } });
    await expect(messages).toHaveCount(2);

    // A note typed on a video, not saved yet.
    const detail = new VideoDetailPage(page);
    await detail.open(cluster.webUrl, video._id, 'notes');
    expect((await detail.playMuted()).readyState).toBeGreaterThanOrEqual(2);
    const note = `Draft typed before an instance died ${Date.now()}`;
    await page.getByLabel('Note on this video').fill(note);
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    // The instance that answered last dies at once (no drain): the session's next requests find only the other one.
    const killed = await cluster.killLastAnswering('SIGKILL');
    expect(killed.child.signalCode).toBe('SIGKILL');
    await page.screenshot({ path: 'artifacts/screenshots/cluster-instance-killed.png' });

    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText('Note saved.')).toBeVisible();
    const stored = await getAsBrandManager<VideoNoteResponse>(cluster, `/videos/${video._id}/video_note`);
    expect(stored.note?.content).toBe(note);

    // A fresh load of the app (the whole page, not a route change): still signed in, no login screen.
    await page.goto(`${cluster.webUrl}/#/`);
    await page.reload();
    await expect(new ShellPage(page).greeting).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    await detail.open(cluster.webUrl, video._id, 'notes');
    await expect(page.getByLabel('Note on this video')).toHaveValue(note);
    // The video's file comes from the bucket, whichever instance signs and serves it.
    expect((await detail.playMuted()).readyState).toBeGreaterThanOrEqual(2);

    // The chat is still live through the remaining instance: a message goes out once, a reply arrives.
    await page.goto(chatUrl);
    await expect(messages).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
    await composer.fill('Hello after the stop');
    await composer.press('Enter');
    await expect(messages).toHaveCount(3);
    await expect(messages.nth(2)).not.toHaveAttribute('data-pending', 'true');
    await them.publish({ channel: opened.pubnub_id, message: { id: 'reply-after', text: 'Reply after the stop' } });
    await expect(messages).toHaveCount(4);
    await expect(messages.nth(3)).toContainText('Reply after the stop');
    await page.screenshot({ path: 'artifacts/screenshots/cluster-chat-after-stop.png' });
    const history = await them.fetchMessages({ channels: [opened.pubnub_id], count: 25 });
    expect(history.channels[opened.pubnub_id]!.map((m) => (m.message as { text: string }).text).filter((text) => text.includes('the stop')))
      .toEqual(['Hello before the stop', 'Hi! Reply before the stop', 'Hello after the stop', 'Reply after the stop']);
  } finally {
    them.destroy(true);
  }
});
