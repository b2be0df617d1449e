import type { FastifyInstance } from 'fastify';
import { LICENSE_TRANSITIONS, LicenseIdParamsSchema as IdParamsSchema, PURCHASE_CSV_COLUMNS, LicenseCreateBodySchema, LicenseListResponseSchema, LicenseResponseSchema, LicenseUpdateBodySchema } from '../../../../shared/http/licensing.schemas';
import { IdentitySchema } from '../../../../shared/http/videoList.schemas';
import { licenseEnd, licensingFee } from '../../../../shared/rules/licensing';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { found, HttpError } from '../../../http/httpError';
import { actingBrand, ownVideo } from '../videos/videoAccess';
import { csvFile } from '../../../http/csvText';

/** Who records each change: the creator answers a request; the brand pays. */
const BY: Readonly<Record<string, string>> = { accepted: 'creator', declined: 'creator', active: 'brand' };
const NOTES: Readonly<Record<string, string>> = { accepted: 'The creator accepted.', declined: 'The creator declined.', active: 'Paid; the license is active.' };

/** License agreements (spec §7: POST license_agreements, GET and PUT /{id}; issue 14), scoped to the acting brand. */
export function registerLicensingRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repo = ctx.repos.licenses;
  const base = { auth: 'bearer' as const, tags: ['licensing'] };

  defineRoute(app, {
    ...base, method: 'GET', url: '/license_agreements', summary: "The acting brand's license agreements (newest change first) and purchases",
    query: IdentitySchema, response: { 200: LicenseListResponseSchema },
    handler: async ({ request }) => repo.list((await actingBrand(request, ctx.videos)).brandId, ctx.now()),
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/license_agreements', summary: 'Asks to license one of the acting brand\'s videos for a duration at a price (fee per spec §5)',
    body: LicenseCreateBodySchema, response: { 200: LicenseResponseSchema },
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, ctx.videos);
      const video = await ownVideo(ctx.videos, acting, body.license_video);
      if (body.requester_id && body.requester_id !== acting.userId) throw new HttpError(400, 'requester_id must be the signed-in user.');
      const id = await repo.create({
        brandId: acting.brandId, requesterId: acting.userId, videoId: video.id, duration: body.duration, price: body.price,
        fee: licensingFee(body.price), note: body.influencer_video_note ?? null,
      }, ctx.now());
      const agreement = found(await repo.find(id, acting.brandId, ctx.now()));
      return { license_agreement: agreement };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/license_agreements/purchases.csv', summary: 'Purchase history as CSV (UTF-8 with BOM, header row, newest first)',
    query: IdentitySchema,
    handler: async ({ request, reply }) => {
      const { purchases } = await repo.list((await actingBrand(request, ctx.videos)).brandId, ctx.now());
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="license-purchases.csv"');
      return csvFile(PURCHASE_CSV_COLUMNS, purchases.map((p) => [p.purchased_at, p.video_title, p.video_id, p.duration, p.amount, p.fee, p.total, p.expires_at, p.agreement_id]));
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/license_agreements/:id', summary: 'One license agreement with its history',
    params: IdParamsSchema, query: IdentitySchema, response: { 200: LicenseResponseSchema },
    handler: async ({ params, request }) => {
      const agreement = found(await repo.find(params.id, (await actingBrand(request, ctx.videos)).brandId, ctx.now()));
      return { license_agreement: agreement };
    },
  });

  defineRoute(app, {
    ...base, method: 'PUT', url: '/license_agreements/:id', summary: 'Records the next state (accepted, declined, active = paid) and/or the creator\'s note',
    params: IdParamsSchema, body: LicenseUpdateBodySchema, response: { 200: LicenseResponseSchema },
    handler: async ({ params, body, request }) => {
      const acting = await actingBrand(request, ctx.videos);
      const now = ctx.now();
      const agreement = found(await repo.find(params.id, acting.brandId, now));
      const next = body.status ?? agreement.status;
      if (next !== agreement.status && !LICENSE_TRANSITIONS[agreement.status].includes(next)) {
        const allowed = LICENSE_TRANSITIONS[agreement.status];
        throw new HttpError(409, `A ${agreement.status} license cannot become ${next}${allowed.length > 0 ? `; it can become ${allowed.join(' or ')}` : ''}.`);
      }
      if (next !== agreement.status || body.influencer_video_note !== undefined) {
        await repo.move(agreement, next, { by: BY[next] ?? 'brand', note: body.note || NOTES[next] || 'Note updated.' }, body.influencer_video_note ?? null, now,
          next === 'active' && agreement.status !== 'active' ? licenseEnd(now, agreement.duration) : null);
      }
      const updated = found(await repo.find(params.id, acting.brandId, now));
      return { license_agreement: updated };
    },
  });
}
