import type Database from 'better-sqlite3';
import { PUBLIC_CAMPAIGN_SQL, toCampaign, type CampaignRow, type PublicCampaign } from './campaignRepository';

/**
 * What storing a creator's submission needs inside its one synchronous transaction (ctx.repos.inTransaction), which
 * also writes the upload (the uploads repository is still on the synchronous handle): the availability checked again
 * (so two creators cannot both take a campaign's last place) and the submission itself. The same texts as the
 * asynchronous campaign repository; this module goes when the uploads repository moves to the SqlClient.
 */
export function createCampaignSubmissionWrites(db: Database.Database) {
  const find = db.prepare(PUBLIC_CAMPAIGN_SQL.find);
  const brandName = db.prepare(PUBLIC_CAMPAIGN_SQL.brandName);
  const wasDeleted = db.prepare(PUBLIC_CAMPAIGN_SQL.wasDeleted);
  const submit = db.prepare(PUBLIC_CAMPAIGN_SQL.addSubmission);
  return {
    findPublic(id: string, now: Date): PublicCampaign | null {
      const row = find.get(id) as CampaignRow | undefined;
      if (!row) return null;
      const brand = brandName.get(row.brand_id) as { name: string } | undefined;
      return { campaign: toCampaign(row, now), brandName: brand?.name ?? '' };
    },
    wasDeleted: (id: string): boolean => wasDeleted.get(id) !== undefined,
    /** Links a submitted video to the campaign with who sent it (a video already linked stays as it was). */
    addSubmission(campaignId: string, videoId: string, name: string, email: string, now: Date): void {
      submit.run(campaignId, videoId, now.toISOString(), name, email);
    },
  };
}
export type CampaignSubmissionWrites = ReturnType<typeof createCampaignSubmissionWrites>;
