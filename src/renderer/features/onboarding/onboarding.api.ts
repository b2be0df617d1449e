import type { AxiosInstance } from 'axios';
import { BrandDetailsResponseSchema, LOGO_MAX_BYTES, LOGO_MIME_MAP, ONBOARDING_MESSAGES } from '../../../shared/http/onboarding.schemas';

/** Why a logo cannot be sent (type or size), or null. Checked before the upload, the server checks again. */
export function logoRefusal(file: File): string | null {
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  if (!LOGO_MIME_MAP[ext]) return ONBOARDING_MESSAGES.logoType;
  if (file.size > LOGO_MAX_BYTES) return ONBOARDING_MESSAGES.logoTooLarge;
  return null;
}

/** POST /jwt_api/users/update_brand_details (multipart: name, brand_id, optional logo). */
export async function saveBrandDetails(main: AxiosInstance, brandId: string | undefined, name: string, logo: File | null) {
  const form = new FormData();
  form.append('name', name.trim());
  if (brandId) form.append('brand_id', brandId);
  if (logo) form.append('logo', logo, logo.name);
  const response = await main.post('/users/update_brand_details', form);
  return BrandDetailsResponseSchema.parse(response.data);
}
