import type { MailKind, OutboxMail } from '../../shared/http/outbox.schemas';
import { inList, type SqlClient } from '../db/sqlClient';

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

/** Mail the back end could not send (no mail server), kept in the database; the same texts on both engines. */
export function createOutboxRepository(sql: SqlClient) {
  return {
    /** Keeps the mail and answers its id. */
    async add(mail: KeptMail): Promise<number> {
      const row = await sql.get<{ id: number }>(
        'INSERT INTO outbox (kind, to_email, subject, body, brand_id, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
        [mail.kind, mail.to, mail.subject, mail.body, mail.brandId, mail.createdAt],
      );
      return Number(row?.id);
    },
    /** A person's own account mail and their brands' mail, newest first. */
    listFor(email: string, brandIds: readonly string[], limit: number): Promise<OutboxMail[]> {
      const brands = inList(sql, 'brand_id', brandIds);
      // lower() on both sides: the ASCII case folding of SQLite's NOCASE, the same on PostgreSQL.
      return sql.all<OutboxMail>(
        `SELECT id, kind, to_email AS "to", subject, body, created_at FROM outbox
          WHERE (lower(to_email) = lower(?) AND brand_id IS NULL) OR ${brands.sql} ORDER BY id DESC LIMIT ?`,
        [email, brands.param, limit],
      );
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
