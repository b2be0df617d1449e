// SQLite only (not in bothEngineTests.ts): it opens an SQLite file written before a migration and checks what that migration rewrote.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../src/server/db/migrate';
import { MIGRATIONS } from '../../../src/server/db/migrations/index';
import { createAccessKeys } from '../../../src/server/routes/metrics/accessKeys';
import { createAccessKeyStore } from '../../../src/server/repositories/widgets/accessKeyStore';
import { createSqliteClient } from '../../../src/server/db/sqliteClient';
import { SMTP_URL_ENV } from '../../../src/shared/http/mailCampaigns.schemas';
import type { OutboxResponse } from '../../../src/shared/http/outbox.schemas';
import { createTestUser, send, signIn, startTestApp, type TestApp } from './support/testServer';

// Issue 26, items 10 and 35: no brand API key and no live reset token at rest; kept mail readable in the app.
describe('a database written before keys and reset links were kept as hashes only', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'reelscope-secrets-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('loses the plain API key and the live reset token on migration; the old key still opens its brand', async () => {
    const file = join(dir, 'reelscope.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    migrateDatabase(db, MIGRATIONS.filter((migration) => migration.version <= 15));
    const key = `rsk_${randomBytes(24).toString('base64url')}`;
    const token = randomBytes(32).toString('base64url');
    db.prepare("INSERT INTO brands (id, name, created_at) VALUES ('b1', 'Lumina', '2026-01-01')").run();
    db.prepare("INSERT INTO brand_api_keys (brand_id, api_key, key_hash, created_at) VALUES ('b1', ?, ?, '2026-01-01')").run(key, createHash('sha256').update(key).digest('hex'));
    db.prepare("INSERT INTO outbox (to_email, subject, body, created_at) VALUES ('maya@example.com', 'Reset your Reelscope password', ?, '2026-01-01')")
      .run(`Open this link within one hour to choose a new password: reelscope://reset-password?token=${token}`);
    db.pragma('wal_checkpoint(TRUNCATE)');

    migrateDatabase(db, MIGRATIONS);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const onDisk = readFileSync(file);
    expect(onDisk.includes(key.slice(8, -4))).toBe(false);
    expect(onDisk.includes(token)).toBe(false);
    expect(db.prepare('SELECT kind, body FROM outbox').get()).toEqual({ kind: 'password_reset', body: 'Open this link within one hour to choose a new password: reelscope://reset-password?token=[redacted]' });
    const keys = createAccessKeys({ store: createAccessKeyStore(createSqliteClient(db)), jwtSecret: randomBytes(64), now: () => new Date(), roleIn: () => 'manager', sessionLive: () => true });
    expect(await keys.holderOfKey(key)).toEqual({ brandId: 'b1', userId: null, role: 'manager' });
    expect(await keys.hintOf('b1')).toEqual({ hint: `${key.slice(0, 8)}…${key.slice(-4)}`, created_at: '2026-01-01' });
    db.close();
  });
});

describe('GET /jwt_api/outbox', () => {
  let t: TestApp;
  beforeEach(async () => (t = await startTestApp()));
  afterEach(async () => {
    delete process.env[SMTP_URL_ENV];
    await t.close();
  });

  it("lists the person's own kept mail, reset links redacted, and nobody else's", async () => {
    const maya = await createTestUser(t.sql, { email: 'maya@example.com', brands: [{ name: 'Lumina' }] });
    const lena = await createTestUser(t.sql, { email: 'lena@example.com', brands: [{ name: 'Other' }] });
    await send(t.app, 'POST', '/jwt_api/recovery_passwords', { email: maya.email });
    await send(t.app, 'POST', '/jwt_api/recovery_passwords', { email: lena.email });
    const { jwt } = await signIn(t.app, maya);
    const answer = (await send(t.app, 'GET', '/jwt_api/outbox', undefined, jwt)).json() as OutboxResponse;
    expect(answer.transport).toBe('outbox');
    expect(answer.mails).toEqual([expect.objectContaining({ kind: 'password_reset', to: maya.email, subject: 'Reset your Reelscope password', body: expect.stringContaining('token=[redacted]') as unknown })]);
    // The live link went only to the host, which holds it in memory.
    expect(t.liveMail.map((mail) => mail.to)).toEqual([maya.email, lena.email]);
    expect(t.liveMail[0]?.body).not.toContain('[redacted]');
    expect((await send(t.app, 'GET', '/jwt_api/outbox')).statusCode).toBe(401);
  });

  it('with a mail server the reset link goes out in the mail handed over, and nothing is kept', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => { received.push(Buffer.concat(chunks).toString('utf8')); callback(); });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      process.env[SMTP_URL_ENV] = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
      const maya = await createTestUser(t.sql, { email: 'maya@example.com', brands: [{ name: 'Lumina' }] });
      expect((await send(t.app, 'POST', '/jwt_api/recovery_passwords', { email: maya.email })).statusCode).toBe(200);
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(received.join('').replace(/=\r\n/g, '').replace(/=3D/g, '='))?.[1];
      expect(token).toBeTruthy();
      expect(t.db.prepare('SELECT COUNT(*) FROM outbox').pluck().get()).toBe(0);
      expect(t.liveMail).toEqual([]);
      const reset = await send(t.app, 'PUT', '/jwt_api/recovery_passwords', { token, password: 'brand-new-pass-2' });
      expect(reset.statusCode).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
