import type { AxiosInstance } from 'axios';
import type { LicenseAgreement, LicenseState } from '../../../shared/http/licensing.schemas';
import { LicenseListResponseSchema, LicenseResponseSchema } from '../../../shared/http/licensing.schemas';

/** Who acts: every licensing call carries it. */
export interface Who { brand_id: string; user_id: string }

export const fetchLicenses = async (main: AxiosInstance, who: Who) => {
  const response = await main.get('/license_agreements', { params: who });
  return { ...response, data: LicenseListResponseSchema.parse(response.data) };
};

export const requestLicense = async (main: AxiosInstance, who: Who, body: { license_video: string; duration: string; price: number; influencer_video_note?: string }): Promise<LicenseAgreement> =>
  LicenseResponseSchema.parse((await main.post('/license_agreements', { ...who, requester_id: who.user_id, ...body })).data).license_agreement;

export const moveLicense = async (main: AxiosInstance, who: Who, id: string, status: LicenseState): Promise<LicenseAgreement> =>
  LicenseResponseSchema.parse((await main.put(`/license_agreements/${encodeURIComponent(id)}`, { ...who, status })).data).license_agreement;
