import { inList, type SqlClient, type SqlParam } from '../../db/sqlClient';
import { CATALOG_VIDEO_COLUMNS, type CatalogVideoRow } from '../products/productDetailRepository';
import { tabSql, type BrandScope } from '../videos/videoScope';

/** A video submitted to a campaign, with who sent it and when. */
export type CampaignSubmissionRow = CatalogVideoRow & { campaign_id: string; submitted_at: string; submitter_name: string | null; submitter_email: string | null; submitter_rating: number | null };

/** The campaigns' side of the brand's data: their submitted videos, and the brand's products a campaign may name. */
export function createCampaignSubmissions(sql: SqlClient) {
  return {
    /** Ids of the brand's products. */
    brandProductIds: async (brandId: string): Promise<string[]> =>
      (await sql.all<{ id: string }>('SELECT id FROM products WHERE brand_id = ?', [brandId])).map((row) => row.id),
    /**
     * The videos submitted to these campaigns that the videos list's Campaigns tab shows (the same SQL: not trashed,
     * not removed), newest submission first.
     */
    async submittedVideos(campaignIds: readonly string[], scope: BrandScope): Promise<CampaignSubmissionRow[]> {
      if (campaignIds.length === 0) return [];
      const inTab = tabSql('Campaigns', scope);
      const campaigns = inList(sql, 'cv.campaign_id', campaignIds);
      return sql.all<CampaignSubmissionRow>(
        `SELECT cv.campaign_id, cv.submitted_at, cv.submitter_name, cv.submitter_email, cv.submitter_rating, ${CATALOG_VIDEO_COLUMNS} FROM campaign_videos cv JOIN videos v ON v.id = cv.video_id
         LEFT JOIN creators c ON c.id = v.creator_id WHERE ${campaigns.sql} AND ${inTab.sql}
         ORDER BY cv.submitted_at DESC, v.id`,
        [campaigns.param, ...(inTab.params as SqlParam[])],
      );
    },
  };
}
