import { basename } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX } from '../../../../shared/domain/workspace';
import {
  BrandDetailsBodySchema, BrandDetailsResponseSchema, LOGO_MAX_BYTES, LOGO_MIME_MAP, ONBOARDING_MESSAGES,
} from '../../../../shared/http/onboarding.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { badRequest, notFound } from '../../../http/httpError';
import { discardFiles, mediaDestination, readMultipart } from '../uploads/multipartFields';
import { uploaderOf } from '../uploads/uploadAccess';

const LOGO_FIELD = 'logo';
const BRAND_MEDIA = 'brands';

/** POST /users/update_brand_details: the brand's name and logo after sign-up (multipart, or JSON without a logo). */
export function registerBrandDetailsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repo = ctx.repos.onboarding;
  defineRoute(app, {
    method: 'POST', url: '/users/update_brand_details', auth: 'bearer', multipart: true, body: BrandDetailsBodySchema.optional(),
    summary: 'Saves the brand name and logo (multipart fields name, brand_id, file logo; JSON without logo accepted)',
    response: { 200: BrandDetailsResponseSchema },
    handler: async ({ body, request }) => {
      let input = body ?? {};
      let logoKey: string | null = null;
      if (request.isMultipart()) {
        const toMedia = mediaDestination({
          store: ctx.media.store, folder: BRAND_MEDIA, field: LOGO_FIELD, mimeMap: LOGO_MIME_MAP, typeMessage: ONBOARDING_MESSAGES.logoType, what: 'Logos',
        });
        const { fields, files } = await readMultipart(request, {
          maxFileBytes: LOGO_MAX_BYTES,
          tooLargeMessage: ONBOARDING_MESSAGES.logoTooLarge,
          destination: (field, fileName, mimeType) => {
            const target = toMedia(field, fileName, mimeType);
            logoKey = target.key;
            return target;
          },
        });
        const parsed = BrandDetailsBodySchema.safeParse(fields);
        if (!parsed.success) {
          await discardFiles(ctx.media.store, files);
          throw badRequest(parsed.error.issues.map((issue) => `body.${issue.path.join('.')}: ${issue.message}`).join('; '));
        }
        input = parsed.data;
      }
      const who = uploaderOf(request);
      const brand = await repo.brand(who.brandId);
      if (!brand) throw notFound();
      // Assigned inside the destination callback, which TypeScript's narrowing does not follow.
      const saved = logoKey as string | null;
      const picture = saved ? `${MEDIA_URL_PREFIX}/${BRAND_MEDIA}/${basename(saved)}` : null;
      await repo.updateBrand(who.brandId, input.name ?? null, picture);
      // The previous logo file is no longer referenced.
      if (picture && brand.picture?.startsWith(`${MEDIA_URL_PREFIX}/${BRAND_MEDIA}/`) && ctx.media.store) {
        await ctx.media.store.delete(brand.picture.slice(MEDIA_URL_PREFIX.length + 1));
      }
      const updated = (await repo.brand(who.brandId)) ?? brand;
      return { message: ONBOARDING_MESSAGES.saved, brand: { _id: updated.id, name: updated.name, picture: updated.picture } };
    },
  });
}
