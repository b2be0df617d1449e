import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX } from '../../../../shared/domain/workspace';
import {
  BrandDetailsBodySchema, BrandDetailsResponseSchema, LOGO_MAX_BYTES, LOGO_MIME_MAP, ONBOARDING_MESSAGES,
} from '../../../../shared/http/onboarding.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError, badRequest, notFound } from '../../../http/httpError';
import { createOnboardingRepository } from '../../../repositories/onboardingRepository';
import { readMultipart } from '../uploads/multipartFields';
import { uploaderOf } from '../uploads/uploadAccess';

const LOGO_FIELD = 'logo';
const BRAND_MEDIA = 'brands';

/** POST /users/update_brand_details: the brand's name and logo after sign-up (multipart, or JSON without a logo). */
export function registerBrandDetailsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repo = createOnboardingRepository(ctx.db);
  defineRoute(app, {
    method: 'POST', url: '/users/update_brand_details', auth: 'bearer', multipart: true, body: BrandDetailsBodySchema.optional(),
    summary: 'Saves the brand name and logo (multipart fields name, brand_id, file logo; JSON without logo accepted)',
    response: { 200: BrandDetailsResponseSchema },
    handler: async ({ body, request }) => {
      let input = body ?? {};
      let logoPath: string | null = null;
      if (request.isMultipart()) {
        const mediaDir = ctx.media.mediaDir;
        const { fields, files } = await readMultipart(request, {
          maxFileBytes: LOGO_MAX_BYTES,
          tooLargeMessage: ONBOARDING_MESSAGES.logoTooLarge,
          destination: (field, fileName, mimeType) => {
            const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
            if (field !== LOGO_FIELD) throw badRequest(`Unexpected file field "${field}".`);
            if (LOGO_MIME_MAP[ext] !== mimeType) throw new HttpError(415, ONBOARDING_MESSAGES.logoType);
            if (!mediaDir) throw new HttpError(503, 'Logos cannot be stored: the back end runs without a data folder.');
            mkdirSync(join(mediaDir, BRAND_MEDIA), { recursive: true });
            const path = join(mediaDir, BRAND_MEDIA, `${randomBytes(12).toString('hex')}.${ext}`);
            logoPath = path;
            return path;
          },
        });
        const parsed = BrandDetailsBodySchema.safeParse(fields);
        if (!parsed.success) {
          await Promise.all(files.map((file) => rm(file.path, { force: true })));
          throw badRequest(parsed.error.issues.map((issue) => `body.${issue.path.join('.')}: ${issue.message}`).join('; '));
        }
        input = parsed.data;
      }
      const who = uploaderOf(request, input.brand_id);
      const brand = repo.brand(who.brandId);
      if (!brand) throw notFound();
      // Assigned inside the destination callback, which TypeScript's narrowing does not follow.
      const saved = logoPath as string | null;
      const picture = saved ? `${MEDIA_URL_PREFIX}/${BRAND_MEDIA}/${basename(saved)}` : null;
      repo.updateBrand(who.brandId, input.name ?? null, picture);
      // The previous logo file is no longer referenced.
      if (picture && brand.picture?.startsWith(`${MEDIA_URL_PREFIX}/${BRAND_MEDIA}/`) && ctx.media.mediaDir) {
        await rm(join(ctx.media.mediaDir, brand.picture.slice(MEDIA_URL_PREFIX.length + 1)), { force: true });
      }
      const updated = repo.brand(who.brandId) ?? brand;
      return { message: ONBOARDING_MESSAGES.saved, brand: { _id: updated.id, name: updated.name, picture: updated.picture } };
    },
  });
}
