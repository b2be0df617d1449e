import { z } from 'zod';
import { notFound } from '../../http/httpError';

/** The brand_id every gateway call names (spec §7 `?brand_id`). */
export const BrandQuerySchema = z.object({ brand_id: z.string().min(1).max(64) });

/** The brand a gateway call acts for: the one its API key belongs to, which brand_id must name (another: 404). */
export function gatewayBrand(auth: { brandId: string }, query: { brand_id: string }): string {
  if (query.brand_id !== auth.brandId) throw notFound();
  return auth.brandId;
}
