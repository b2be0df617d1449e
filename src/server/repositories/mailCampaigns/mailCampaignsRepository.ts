import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';

export interface MailCampaignRow {
  id: string;
  brand_id: string;
  brand_manager_id: string;
  subject: string;
  body: string;
  recipients: string;
  status: 'draft' | 'sent';
  sent_at: string | null;
  created_at: string;
}

/** Mail campaigns of brand managers (mail_campaigns table). */
export function createMailCampaignsRepository(db: Database.Database) {
  const byManager = db.prepare('SELECT * FROM mail_campaigns WHERE brand_manager_id = ? AND brand_id IN (SELECT value FROM json_each(?)) ORDER BY created_at DESC, id DESC');
  const byId = db.prepare('SELECT * FROM mail_campaigns WHERE id = ?');
  const insert = db.prepare("INSERT INTO mail_campaigns (id, brand_id, brand_manager_id, subject, body, recipients, status, sent_at, created_at) VALUES (?, ?, ?, ?, ?, '[]', 'draft', NULL, ?)");
  const markSent = db.prepare("UPDATE mail_campaigns SET status = 'sent', sent_at = ?, recipients = ? WHERE id = ?");
  return {
    list: (managerId: string, brandIds: readonly string[]): MailCampaignRow[] => byManager.all(managerId, JSON.stringify(brandIds)) as MailCampaignRow[],
    find: (id: string): MailCampaignRow | null => (byId.get(id) as MailCampaignRow | undefined) ?? null,
    create(brandId: string, managerId: string, subject: string, body: string, at: string): string {
      const id = randomBytes(12).toString('hex');
      insert.run(id, brandId, managerId, subject, body, at);
      return id;
    },
    /** Records a send: status sent, the time, and the recipients added to those of earlier sends. */
    recordSend(row: MailCampaignRow, recipients: readonly string[], at: string): void {
      const previous = JSON.parse(row.recipients) as string[];
      markSent.run(at, JSON.stringify([...new Set([...previous, ...recipients])]), row.id);
    },
  };
}
export type MailCampaignsRepository = ReturnType<typeof createMailCampaignsRepository>;
