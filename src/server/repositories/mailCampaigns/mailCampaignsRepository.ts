import { randomBytes } from 'node:crypto';
import { inList, type SqlClient } from '../../db/sqlClient';

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

/** Mail campaigns of brand managers (mail_campaigns table); the same texts on both engines but for the brand list. */
export function createMailCampaignsRepository(sql: SqlClient) {
  return {
    list(managerId: string, brandIds: readonly string[]): Promise<MailCampaignRow[]> {
      const brands = inList(sql, 'brand_id', brandIds);
      return sql.all<MailCampaignRow>(`SELECT * FROM mail_campaigns WHERE brand_manager_id = ? AND ${brands.sql} ORDER BY created_at DESC, id DESC`, [managerId, brands.param]);
    },
    find: async (id: string): Promise<MailCampaignRow | null> => (await sql.get<MailCampaignRow>('SELECT * FROM mail_campaigns WHERE id = ?', [id])) ?? null,
    async create(brandId: string, managerId: string, subject: string, body: string, at: string): Promise<string> {
      const id = randomBytes(12).toString('hex');
      await sql.run("INSERT INTO mail_campaigns (id, brand_id, brand_manager_id, subject, body, recipients, status, sent_at, created_at) VALUES (?, ?, ?, ?, ?, '[]', 'draft', NULL, ?)",
        [id, brandId, managerId, subject, body, at]);
      return id;
    },
    /** Records a send: status sent, the time, and the recipients added to those of earlier sends. */
    async recordSend(row: MailCampaignRow, recipients: readonly string[], at: string): Promise<void> {
      const previous = JSON.parse(row.recipients) as string[];
      await sql.run("UPDATE mail_campaigns SET status = 'sent', sent_at = ?, recipients = ? WHERE id = ?", [at, JSON.stringify([...new Set([...previous, ...recipients])]), row.id]);
    },
  };
}
export type MailCampaignsRepository = ReturnType<typeof createMailCampaignsRepository>;
