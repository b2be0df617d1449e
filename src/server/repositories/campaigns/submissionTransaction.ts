import type { SqlClient } from '../../db/sqlClient';
import { createUploadsRepository, type UploadsRepository } from '../uploadsRepository';
import { createCampaignRepository, type CampaignRepository } from './campaignRepository';

/** What storing a creator's submission writes through: the campaign (its places) and the upload, over one transaction. */
export interface SubmissionRepositories {
  campaigns: CampaignRepository;
  uploads: UploadsRepository;
}

/**
 * One submission kept whole or not at all, on either engine: `work` gets the campaign and uploads repositories over the
 * transaction, after the campaign is held (campaigns.holdForSubmission) so it can check the campaign's places again
 * and only one of two creators sending at once takes the last. Database work only inside: the file is moved before.
 */
export function createSubmissionTransaction(sql: SqlClient) {
  return <T>(campaignId: string, work: (tx: SubmissionRepositories) => Promise<T>): Promise<T> =>
    sql.transaction(async (tx) => {
      const campaigns = createCampaignRepository(tx);
      await campaigns.holdForSubmission(campaignId);
      return work({ campaigns, uploads: createUploadsRepository(tx) });
    });
}
