import type { FastifyRequest } from 'fastify';
import { NO_BRAND_CODE } from '../../../../shared/http/videos.schemas';
import { MESSAGES } from '../../../../shared/messages';
import { assertOwnBrand } from '../../../auth/brandAccess';
import { HttpError, notFound } from '../../../http/httpError';

/** The user adding videos and the own brand they go to. */
export interface Uploader {
  userId: string;
  brandId: string;
}

/**
 * The own brand a call acts for: `brand_id` when sent (must be an own brand, else 404), else the token's current brand,
 * else the first own brand; 400 (spec §8 text) for a user with no brand. Same rule as the videos routes.
 */
export function uploaderOf(request: FastifyRequest, brandId: string | undefined): Uploader {
  const auth = request.auth;
  if (!auth) throw notFound();
  const chosen = brandId ?? auth.brandId ?? auth.brandIds[0];
  if (!chosen) throw new HttpError(400, MESSAGES.connectYoutube, NO_BRAND_CODE);
  assertOwnBrand(request, chosen);
  return { userId: auth.userId, brandId: chosen };
}
