import type Database from 'better-sqlite3';
import type { MailKind, OutboxMail } from '../../shared/http/outbox.schemas';

export interface KeptMail {
  kind: MailKind;
  to: string;
  subject: string;
  /** Already redacted: no live secret is ever written here. */
  body: string;
  /** The brand the mail concerns (mail to creators, invitations); null for a person's own account mail. */
  brandId: string | null;
  createdAt: string;
}

/** Mail the back end could not send (no mail server), kept in the database (prepared statements only). */
export function createOutboxRepository(db: Database.Database) {
  const insert = db.prepare('INSERT INTO outbox (kind, to_email, subject, body, brand_id, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const list = db.prepare(`SELECT id, kind, to_email AS "to", subject, body, created_at FROM outbox
    WHERE (to_email = ? COLLATE NOCASE AND brand_id IS NULL) OR brand_id IN (SELECT value FROM json_each(?))
    ORDER BY id DESC LIMIT ?`);
  return {
    /** Keeps the mail and answers its id. */
    add(mail: KeptMail): number {
      return Number(insert.run(mail.kind, mail.to, mail.subject, mail.body, mail.brandId, mail.createdAt).lastInsertRowid);
    },
    /** A person's own account mail and their brands' mail, newest first. */
    listFor(email: string, brandIds: readonly string[], limit: number): OutboxMail[] {
      return list.all(email, JSON.stringify(brandIds), limit) as OutboxMail[];
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
