import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { numberPlaceholders } from '../../../../src/server/db/sqlClient';
import type { SqlClient } from '../../../../src/server/db/sqlClient';
import { createSqliteClient } from '../../../../src/server/db/sqliteClient';
import { createPostgresClient } from '../../../../src/server/db/postgres/postgresClient';
import { usePgTestCluster } from './support/pgTestCluster';
import { openTwoEngines } from './support/twoEngines';
import type { TwoEngines } from './support/twoEngines';

const WORKSPACE = `
INSERT INTO users (id, email, password_hash, first_name, last_name, created_at) VALUES ('u1', 'ana@example.com', 'x', 'Ana', 'Lee', 'now');
INSERT INTO brands (id, name, created_at) VALUES ('b1', 'Glow', 'now');`;
const SAVE_NOTE = `INSERT INTO notes (id, kind, target_id, brand_id, user_id, content, created_at, updated_at) VALUES (?, 'video', ?, 'b1', 'u1', ?, ?, ?)
  ON CONFLICT (kind, target_id, brand_id) DO UPDATE SET content = excluded.content, updated_at = excluded.updated_at`;
const NOTES = "SELECT target_id, content, updated_at FROM notes WHERE brand_id = ? AND kind = 'video' ORDER BY updated_at DESC, target_id";

describe('numberPlaceholders', () => {
  it('numbers the placeholders and leaves a ? in strings, quoted names and comments alone', () => {
    expect(numberPlaceholders("SELECT '?', \"a?\" FROM t -- why?\nWHERE a = ? /* ? */ AND b IN (?, ?)")).toBe(
      "SELECT '?', \"a?\" FROM t -- why?\nWHERE a = $1 /* ? */ AND b IN ($2, $3)",
    );
  });
});

describe('SqlClient: one query text, the same answers on both engines', () => {
  const pgCluster = usePgTestCluster();
  let engines: TwoEngines;
  let clients: SqlClient[];
  beforeEach(async () => {
    engines = await openTwoEngines(await pgCluster.createDatabase());
    await engines.exec(WORKSPACE);
    clients = [createSqliteClient(engines.sqlite), createPostgresClient(engines.pg)];
  });
  afterEach(async () => {
    await engines.close();
  });

  it('saves, updates and lists notes alike', async () => {
    const answers = [];
    for (const client of clients) {
      await client.run(SAVE_NOTE, ['n1', 'v1', 'first', '2026-01-01', '2026-01-01']);
      await client.run(SAVE_NOTE, ['n2', 'v2', 'second', '2026-01-02', '2026-01-02']);
      const changed = await client.run(SAVE_NOTE, ['n3', 'v1', 'first, edited', '2026-01-03', '2026-01-03']);
      answers.push({
        changed,
        notes: await client.all(NOTES, ['b1']),
        one: await client.get('SELECT COUNT(*) AS n FROM notes WHERE content LIKE ?', ['%edited']),
        none: await client.get(NOTES, ['no-brand']),
      });
    }
    expect(answers[0]).toEqual({
      changed: { changes: 1 },
      notes: [
        { target_id: 'v1', content: 'first, edited', updated_at: '2026-01-03' },
        { target_id: 'v2', content: 'second', updated_at: '2026-01-02' },
      ],
      one: { n: 1 },
      none: undefined,
    });
    expect(answers[1]).toEqual(answers[0]);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    for (const client of clients) {
      await client.transaction(async (tx) => {
        await tx.run(SAVE_NOTE, ['n1', 'v1', 'kept', 'a', 'a']);
      });
      await expect(
        client.transaction(async (tx) => {
          await tx.run(SAVE_NOTE, ['n2', 'v2', 'lost', 'b', 'b']);
          throw new Error('the second write failed');
        }),
      ).rejects.toThrow('the second write failed');
      expect(await client.all('SELECT content FROM notes ORDER BY content')).toEqual([{ content: 'kept' }]);
    }
  });

  it('on SQLite, keeps a call made during a transaction out of it until it commits', async () => {
    const client = clients[0] as SqlClient;
    const order: string[] = [];
    let outsideCall: Promise<unknown> = Promise.resolve();
    await client.transaction(async (tx) => {
      await tx.run(SAVE_NOTE, ['n1', 'v1', 'inside', 'a', 'a']);
      outsideCall = client.all(NOTES, ['b1']).then((rows) => order.push(`outside saw ${rows.length}`));
      // Give the outside call every chance to run inside the transaction before it ends.
      for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
      order.push('commit');
    });
    await outsideCall;
    expect(order).toEqual(['commit', 'outside saw 1']);
  });
});
