import type { FastifyInstance } from 'fastify';
import {
  MailCampaignCreateBodySchema, MailCampaignListQuerySchema, MailCampaignListResponseSchema, MailCampaignResponseSchema, SendMailBodySchema,
  SendMailResponseSchema, type SendMailResponse,
} from '../../../../shared/http/mailCampaigns.schemas';
import { isValidEmail } from '../../../../shared/rules/validation';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { notFound } from '../../../http/httpError';
import { actingBrand } from '../videos/videoAccess';
import { visibleCreator } from '../creators/creatorAccess';
import { mailerFromEnv } from './mailer';
import type { MailCampaignRow } from '../../../repositories/mailCampaigns/mailCampaignsRepository';

const toCampaign = (row: MailCampaignRow) => ({
  _id: row.id, brand_id: row.brand_id, brand_manager_id: row.brand_manager_id, subject: row.subject, body: row.body,
  recipients: JSON.parse(row.recipients) as string[], status: row.status, sent_at: row.sent_at, created_at: row.created_at,
});

/** GET and POST /mail_campaigns and POST /mail_campaigns/send_mail (issue 6, contact creators). */
export function registerMailCampaignRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { mailCampaigns: repo, creators } = ctx.repos;
  const base = { auth: 'bearer' as const, tags: ['mail_campaigns'] };

  defineRoute(app, {
    ...base, method: 'GET', url: '/mail_campaigns', summary: 'Mail campaigns of a brand manager (the signed-in user) in the acting brand, newest first',
    query: MailCampaignListQuerySchema, response: { 200: MailCampaignListResponseSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, creators);
      if (query.brand_manager_id !== acting.userId) throw notFound();
      return { mail_campaigns: (await repo.list(acting.userId, [acting.brandId])).map(toCampaign) };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/mail_campaigns', summary: 'Creates a draft mail campaign of the acting brand',
    body: MailCampaignCreateBodySchema, response: { 200: MailCampaignResponseSchema },
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, creators);
      const id = await repo.create(acting.brandId, acting.userId, body.subject, body.body, ctx.now().toISOString());
      const row = await repo.find(id);
      if (!row) throw notFound();
      return { mail_campaign: toCampaign(row) };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/mail_campaigns/send_mail', summary: 'Sends a campaign to creators with valid emails (SMTP, or the outbox without SMTP settings)',
    body: SendMailBodySchema, response: { 200: SendMailResponseSchema },
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, creators);
      const campaign = await repo.find(body.campaign_id);
      if (!campaign || campaign.brand_id !== acting.brandId) throw notFound();
      const recipients = await Promise.all([...new Set(body.influencer_ids)].map((id) => visibleCreator(creators, acting, id)));
      const mailer = mailerFromEnv();
      const at = ctx.now().toISOString();
      const results: SendMailResponse['results'] = [];
      try {
        for (const creator of recipients) {
          const email = creator.email?.trim() ?? null;
          if (email === null || !isValidEmail(email)) {
            results.push({ influencer_id: creator.id, email, status: 'skipped_invalid_email', error: null });
            continue;
          }
          const mail = { to: email, subject: campaign.subject, text: campaign.body };
          if (mailer.transport === 'outbox') {
            await ctx.repos.outbox.add({ kind: 'creator_mail', to: email, subject: mail.subject, body: mail.text, brandId: acting.brandId, createdAt: at });
            results.push({ influencer_id: creator.id, email, status: 'queued', error: null });
            continue;
          }
          try {
            await mailer.send(mail);
            results.push({ influencer_id: creator.id, email, status: 'sent', error: null });
          } catch (error) {
            results.push({ influencer_id: creator.id, email, status: 'failed', error: error instanceof Error ? error.message : String(error) });
          }
        }
      } finally {
        mailer.close();
      }
      const delivered = results.filter((r) => r.status === 'sent' || r.status === 'queued').map((r) => r.influencer_id);
      if (delivered.length > 0) await repo.recordSend(campaign, delivered, at);
      const skipped = results.length - delivered.length;
      const verb = mailer.transport === 'smtp' ? 'sent' : 'kept in the outbox';
      return { message: `${delivered.length} email${delivered.length === 1 ? '' : 's'} ${verb}${skipped > 0 ? `, ${skipped} not sent` : ''}`, transport: mailer.transport, results };
    },
  });
}
