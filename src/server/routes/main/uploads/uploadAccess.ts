import type { FastifyRequest } from 'fastify';
import { actingOwnBrand } from '../../../auth/teamRoles';

/** The user adding videos and the own brand they go to. */
export interface Uploader {
  userId: string;
  brandId: string;
}

/** The own brand a call acts for, as the route guard decided it (see actingOwnBrand); same rule as the videos routes. */
export function uploaderOf(request: FastifyRequest): Uploader {
  const { auth, brandId } = actingOwnBrand(request);
  return { userId: auth.userId, brandId };
}
