import type Database from 'better-sqlite3';

/** Mail the embedded back end would send, kept in the database (prepared statements only). */
export function createOutboxRepository(db: Database.Database) {
  const insert = db.prepare('INSERT INTO outbox (to_email, subject, body, created_at) VALUES (?, ?, ?, ?)');
  return {
    add(mail: { to: string; subject: string; body: string; createdAt: string }): void {
      insert.run(mail.to, mail.subject, mail.body, mail.createdAt);
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
