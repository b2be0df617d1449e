import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import PubNub from 'pubnub';
import { createChatKeys } from '../../../../src/server/chat/chatKeys';
import { buildApp } from '../../../../src/server/app';
import type { SqlClient } from '../../../../src/server/db/sqlClient';
import { seedDemoWorkspace } from '../../../../src/server/seed/index';
import { DEMO_ACCOUNTS } from '../../../../src/shared/demoAccounts';
import type { ChatConfig } from '../../../../src/shared/http/chat.schemas';
import type { LiveMail } from '../../../../src/shared/http/outbox.schemas';
import { EMBEDDED_PUBNUB_KEYS } from '../../../../src/shared/http/pubnub.schemas';
import { signIn } from '../support/testServer';
import { openTestDatabase } from '../support/testEngine';
import { useOpened } from '../support/useOpened';

export interface ChatWorkspace {
  app: FastifyInstance;
  /** The database on the test engine (support/testEngine.ts). */
  sql: SqlClient;
  origin: string;
  jwt: string;
  brandId: string;
  config: ChatConfig;
  /** Account mail the back end handed over live (an invited person's link to finish joining), newest last. */
  liveMail: LiveMail[];
  /** A key for a PubNub user id, as the back end would issue it (creators have no session here to ask for one). */
  keyFor(userId: string): string;
  /** A real `pubnub` SDK client against the embedded back end; closed with the workspace. */
  client(userId: string, authKey?: string): PubNub;
}

/** A seeded back end listening on loopback for the `pubnub` SDK, signed in as the demo brand manager. */
async function openChatWorkspace(): Promise<ChatWorkspace & { close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelscope-chat-'));
  const database = await openTestDatabase({ dir: dataDir, seed: (db) => seedDemoWorkspace(db, { mediaDir: join(dataDir, 'media'), scale: 0.05, creatorScale: 0.1 }) });
  const { sql } = database;
  const secret = randomBytes(64);
  const liveMail: LiveMail[] = [];
  const app = await buildApp({ sql, jwtSecret: secret, dataDir, chatWaitMs: 3000, onLiveMail: (mail) => liveMail.push(mail) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const origin = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const session = await signIn(app, DEMO_ACCOUNTS.brandManager);
  const brandId = (session.currentBrand as { _id: string })._id;
  const config = (await app.inject({ method: 'GET', url: `/jwt_api/chats/config?brand_id=${brandId}`, headers: { authorization: `Bearer ${session.jwt}` } })).json() as ChatConfig;
  const keys = createChatKeys(secret, () => new Date());
  const clients: PubNub[] = [];
  return {
    app, sql, origin, jwt: session.jwt, brandId, config, liveMail,
    keyFor: (userId) => keys.issue(userId),
    client(userId, authKey = keys.issue(userId)) {
      const pubnub = new PubNub({ ...EMBEDDED_PUBNUB_KEYS, origin, ssl: false, userId, authKey, logLevel: PubNub.LogLevel.None });
      clients.push(pubnub);
      return pubnub;
    },
    async close() {
      for (const pubnub of clients) pubnub.destroy(true);
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function useChatWorkspace(): { readonly w: ChatWorkspace } {
  return useOpened(openChatWorkspace);
}
