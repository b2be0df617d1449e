/**
 * The assistant's held-out question set (issue 30, tests/unit/server/assistant/heldOut) scored for the bench: the
 * seeded demo workspace at scale 1 with the tests' clock, each question in a conversation of its own, each answer
 * judged by the set's SQL. Prints the share answered right, the share answered in the question's language, and the
 * mean precision@5 of the cited lines.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AssistantMessage } from '../src/shared/assistant/assistant.schemas';
import * as ops from '../src/shared/assistant/operations';
import { buildApp } from '../src/server/app';
import { seedDemoWorkspace } from '../src/server/seed/index';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import { HELD_OUT } from '../tests/unit/server/assistant/heldOut/heldOutCases';
import { judge } from '../tests/unit/server/assistant/heldOut/heldOutExpected';
import { openTestDatabase, sqliteOnly } from '../tests/unit/server/support/testEngine';
import { signIn } from '../tests/unit/server/support/testServer';

const WORKSPACE_NOW = '2026-11-22T10:00:00.000Z';

export async function scoreHeldOut(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelscope-heldout-'));
  const database = await openTestDatabase({ dir: dataDir, seed: (db) => seedDemoWorkspace(db, { mediaDir: join(dataDir, 'media'), scale: 1, creatorScale: 0.3, createdAt: new Date(WORKSPACE_NOW) }) });
  const app = await buildApp({ sql: database.sql, jwtSecret: randomBytes(64), dataDir, now: () => new Date(WORKSPACE_NOW) });
  try {
    const session = await signIn(app, DEMO_ACCOUNTS.brandManager);
    const brandId = (session.currentBrand as { _id: string })._id;
    const gql = async <T>(query: string, variables: Record<string, unknown>): Promise<T> =>
      ((await app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${session.jwt}` }, payload: { query, variables } })).json() as { data: T }).data;
    let right = 0;
    let inLanguage = 0;
    const precisions: number[] = [];
    for (const item of HELD_OUT) {
      const { createConversation } = await gql<{ createConversation: { _id: string } }>(ops.CREATE_CONVERSATION, { brandId });
      const { askReelscope } = await gql<{ askReelscope: AssistantMessage }>(ops.ASK_REELSCOPE, { brandId, conversationId: createConversation._id, duration: 'all_dates', userMessage: { content: item.question, role: 'user' } });
      const verdict = judge(sqliteOnly(database), brandId, item, askReelscope);
      if (verdict.problems.length === 0) right += 1;
      else console.log(`    MISS ${item.question}: ${verdict.problems.join('; ')}`);
      if (verdict.languageRight) inLanguage += 1;
      if (verdict.precision !== undefined) precisions.push(verdict.precision);
    }
    const precision = precisions.reduce((sum, p) => sum + p, 0) / Math.max(1, precisions.length);
    console.log(`  held-out set (${HELD_OUT.length} questions, ${new Set(HELD_OUT.map((item) => item.lang)).size} languages): ${((right / HELD_OUT.length) * 100).toFixed(1)}% answered right, `
      + `${inLanguage} in the question's language; precision@5 of cited lines ${precision.toFixed(3)} over ${precisions.length} questions that quote`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
