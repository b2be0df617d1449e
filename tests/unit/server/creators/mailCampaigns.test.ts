import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMTP_URL_ENV, type MailCampaign, type SendMailResponse } from '../../../../src/shared/http/mailCampaigns.schemas';
import type { OutboxResponse } from '../../../../src/shared/http/outbox.schemas';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { firstValue, firstValues } from '../support/testEngine';

interface Received {
  from: string;
  to: string[];
  data: string;
}

let w: VideoWorkspace;
let server: SMTPServer;
let port = 0;
const received: Received[] = [];

beforeAll(async () => {
  w = await openVideoWorkspace();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refuse')) callback(new Error('Mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
}, 120_000);
afterEach(() => {
  delete process.env[SMTP_URL_ENV];
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await w.close();
});

async function campaign(subject: string): Promise<MailCampaign> {
  const response = await w.send('POST', '/jwt_api/mail_campaigns', { subject, body: 'We would love to send you our new serum.' });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { mail_campaign: MailCampaign }).mail_campaign;
}
const creatorsWith = async (where: string, limit: number): Promise<string[]> =>
  (await firstValues(w.sql, `SELECT id FROM creators WHERE brand_id = ? AND ${where} ORDER BY id LIMIT ?`, [w.brandId, limit])) as string[];

describe('mail campaigns', () => {
  it('lists the brand manager\'s campaigns, newest first; another manager id answers 404', async () => {
    const created = await campaign('Spring collab');
    const body = (await w.get('/jwt_api/mail_campaigns', { brand_manager_id: w.userId })).json() as { mail_campaigns: MailCampaign[] };
    expect(body.mail_campaigns[0]).toMatchObject({ _id: created._id, status: 'draft', brand_manager_id: w.userId });
    expect((await w.get('/jwt_api/mail_campaigns', { brand_manager_id: 'someone-else' })).statusCode).toBe(404);
  });

  it('sends through SMTP to creators with valid emails; the loopback server receives them', async () => {
    process.env[SMTP_URL_ENV] = `smtp://127.0.0.1:${port}`;
    const created = await campaign('Summer collab');
    const withEmail = await creatorsWith("email LIKE '%@example.com'", 2);
    const without = (await creatorsWith("email LIKE '%@example.com'", 3)).slice(2);
    await w.sql.run("UPDATE creators SET email = 'no-at-sign.example.com' WHERE id = ?", [without[0] ?? '']);
    const response = await w.send('POST', '/jwt_api/mail_campaigns/send_mail', { campaign_id: created._id, influencer_ids: [...withEmail, ...without] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as SendMailResponse;
    expect(body.transport).toBe('smtp');
    expect(body.message.startsWith('2 emails sent')).toBe(true);
    expect(body.results.map((r) => r.status)).toEqual(['sent', 'sent', 'skipped_invalid_email']);
    const emails = body.results.slice(0, 2).map((r) => r.email);
    const got = received.filter((mail) => mail.data.includes('Subject: Summer collab'));
    expect(got.flatMap((mail) => mail.to).sort()).toEqual([...emails].sort());
    expect(got[0]?.data).toContain('We would love to send you our new serum.');
    const listed = (await w.get('/jwt_api/mail_campaigns', { brand_manager_id: w.userId })).json() as { mail_campaigns: MailCampaign[] };
    expect(listed.mail_campaigns.find((c) => c._id === created._id)).toMatchObject({ status: 'sent', recipients: withEmail });
  });

  it('reports a refused recipient as failed with the server\'s reason', async () => {
    process.env[SMTP_URL_ENV] = `smtp://127.0.0.1:${port}`;
    const id = (await creatorsWith("email LIKE '%@example.com'", 1))[0] ?? '';
    await w.sql.run("UPDATE creators SET email = 'refuse@example.com' WHERE id = ?", [id]);
    const body = (await w.send('POST', '/jwt_api/mail_campaigns/send_mail', { campaign_id: (await campaign('Refused')). _id, influencer_ids: [id] })).json() as SendMailResponse;
    expect(body.results[0]?.status).toBe('failed');
    expect(body.results[0]?.error).toContain('Mailbox unavailable');
  });

  it('without SMTP settings keeps the messages in the outbox', async () => {
    const created = await campaign('Outbox collab');
    const ids = await creatorsWith("email LIKE '%@example.com'", 3);
    const before = (await firstValue(w.sql, 'SELECT COUNT(*) FROM outbox')) as number;
    const body = (await w.send('POST', '/jwt_api/mail_campaigns/send_mail', { campaign_id: created._id, influencer_ids: ids })).json() as SendMailResponse;
    expect(body.transport).toBe('outbox');
    expect(body.results.every((r) => r.status === 'queued')).toBe(true);
    const rows = (await w.sql.all('SELECT to_email, subject FROM outbox WHERE id > ? ORDER BY id', [before])) as { to_email: string; subject: string }[];
    expect(rows.map((r) => r.to_email)).toEqual(body.results.map((r) => r.email));
    expect(rows.every((r) => r.subject === 'Outbox collab')).toBe(true);
    // Settings lists them as the brand's mail, not sent (issue 26).
    const outbox = (await w.app.inject({ method: 'GET', url: '/jwt_api/outbox', headers: { authorization: `Bearer ${w.jwt}` } })).json() as OutboxResponse;
    expect(outbox.transport).toBe('outbox');
    expect(outbox.mails.filter((mail) => mail.subject === 'Outbox collab').map((mail) => [mail.kind, mail.to])).toEqual(rows.reverse().map((r) => ['creator_mail', r.to_email]));
  });

  it('another brand\'s creator or campaign answers 404', async () => {
    const created = await campaign('Scoped');
    const foreign = (await firstValue(w.sql, 'SELECT id FROM creators WHERE brand_id = ?', [w.otherBrandId])) as string;
    expect((await w.send('POST', '/jwt_api/mail_campaigns/send_mail', { campaign_id: created._id, influencer_ids: [foreign] })).statusCode).toBe(404);
    expect((await w.send('POST', '/jwt_api/mail_campaigns/send_mail', { campaign_id: 'nope', influencer_ids: await creatorsWith('1 = 1', 1) })).statusCode).toBe(404);
  });
});
