import { randomBytes } from 'node:crypto';
import type { SqlClient, SqlParam } from '../../db/sqlClient';
import type { Campaign, CampaignFields } from '../../../shared/http/campaigns.schemas';
import { CampaignFieldsSchema } from '../../../shared/http/campaigns.schemas';
import { campaignTab } from '../../../shared/rules/campaignTabs';
import { parse } from '../../search/columnValues';
import { PERSON_NAME, personOf } from '../team/authorship';

/** A stored campaign row with its submitted-video count. */
export type CampaignRow = Record<string, unknown> & { id: string; brand_id: string; state: 'active' | 'past' | 'draft'; banner_image: string | null; created_at: string; updated_at: string; submitted: number };

const COLUMNS = ['campaign_headline', 'campaign_hashtag', 'campaign_brand_name', 'campaign_product', 'description', 'brand_instruction', 'campaign_reward', 'campaign_reward_type',
  'terms_and_conditions', 'start_date', 'start_time', 'end_date', 'end_time', 'campaign_timezone', 'ongoing', 'products', 'campaign_video_limit',
  'campaign_video_length', 'campaign_video_length_type', 'campaign_allow_rating', 'campaign_upload_platform', 'campaign_button_color',
  'campaign_button_text_color', 'preview_color_change', 'image_dimensions'] as const;

/** A stored row as the form's fields: lists from JSON, flags from 0/1; a value an older seed wrote oddly reads as its default. */
function fieldsOf(row: CampaignRow): CampaignFields {
  const raw = Object.fromEntries(COLUMNS.map((column) => [column, row[column]]));
  const value = { ...raw, ongoing: row.ongoing === 1, campaign_allow_rating: row.campaign_allow_rating === 1, products: parse(String(row.products ?? '[]')) ?? [],
    campaign_upload_platform: parse(String(row.campaign_upload_platform ?? '[]')) ?? [] };
  const cleaned = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined));
  const parsed = CampaignFieldsSchema.safeParse(cleaned);
  return parsed.success ? parsed.data : CampaignFieldsSchema.parse({ campaign_headline: String(row.campaign_headline ?? 'Campaign') });
}

/** The submitted-video count beside each campaign's columns. */
const SELECT = 'SELECT c.*, (SELECT COUNT(*) FROM campaign_videos cv WHERE cv.campaign_id = c.id) AS submitted FROM campaigns c';
/** The texts the public submission page reads and writes. */
export const PUBLIC_CAMPAIGN_SQL = {
  find: `${SELECT} WHERE c.id = ?`,
  brandName: 'SELECT name FROM brands WHERE id = ?',
  wasDeleted: 'SELECT 1 AS deleted FROM deleted_campaigns WHERE id = ?',
  addSubmission: `INSERT INTO campaign_videos (campaign_id, video_id, submitted_at, submitter_name, submitter_email, submitter_rating) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT DO NOTHING`,
} as const;

/**
 * The brand's own reads add who created the campaign and who changed it last (issue 29); the public page's read
 * (PUBLIC_CAMPAIGN_SQL) never names a teammate.
 */
const SELECT_WITH_AUTHORS = `SELECT c.*, (SELECT COUNT(*) FROM campaign_videos cv WHERE cv.campaign_id = c.id) AS submitted,
  ${PERSON_NAME('cu')} AS creator_name, ${PERSON_NAME('eu')} AS editor_name
  FROM campaigns c LEFT JOIN users cu ON cu.id = c.created_by LEFT JOIN users eu ON eu.id = c.updated_by`;
const withAuthors = (row: CampaignRow, now: Date): Campaign => ({
  ...toCampaign(row, now),
  created_by: personOf(row.created_by as string | null, row.creator_name as string | null),
  updated_by: personOf(row.updated_by as string | null, row.editor_name as string | null),
});

/** A campaign as its public page reads it, with the brand's name. */
export type PublicCampaign = { campaign: Campaign; brandName: string };

/** A stored row as the API's campaign: its fields, its tab today and its submitted video count. */
export function toCampaign(row: CampaignRow, now: Date): Campaign {
  const fields = fieldsOf(row);
  return {
    ...fields, _id: row.id, brand_id: row.brand_id, state: row.state, tab: campaignTab({ ...fields, state: row.state === 'draft' ? 'draft' : 'active' }, now),
    submitted_videos: row.submitted, banner_image: row.banner_image, created_at: row.created_at, updated_at: row.updated_at,
  };
}

/** The form's fields as stored: flags as 0/1, lists as JSON text, in COLUMNS order. */
const storedValues = (fields: CampaignFields): SqlParam[] => {
  const stored: Record<string, unknown> = {
    ...fields, ongoing: fields.ongoing ? 1 : 0, campaign_allow_rating: fields.campaign_allow_rating ? 1 : 0, products: JSON.stringify(fields.products),
    campaign_upload_platform: JSON.stringify(fields.campaign_upload_platform),
  };
  return COLUMNS.map((column) => (stored[column] ?? null) as SqlParam);
};

/** Campaigns of a brand (issue 14); another brand's campaign is not found. The same texts on both engines. */
export function createCampaignRepository(sql: SqlClient) {
  const insert = `INSERT INTO campaigns (id, brand_id, state, ${COLUMNS.join(', ')}, created_at, updated_at, created_by, updated_by)
    VALUES (?, ?, ?, ${COLUMNS.map(() => '?').join(', ')}, ?, ?, ?, ?)`;
  const update = `UPDATE campaigns SET state = ?, ${COLUMNS.map((c) => `${c} = ?`).join(', ')}, updated_at = ?, updated_by = ? WHERE id = ? AND brand_id = ?`;

  return {
    list: async (brandId: string, now: Date): Promise<Campaign[]> =>
      (await sql.all<CampaignRow>(`${SELECT_WITH_AUTHORS} WHERE c.brand_id = ?`, [brandId])).map((row) => withAuthors(row, now)),
    async find(id: string, brandId: string, now: Date): Promise<Campaign | null> {
      const row = await sql.get<CampaignRow>(`${SELECT_WITH_AUTHORS} WHERE c.id = ? AND c.brand_id = ?`, [id, brandId]);
      return row ? withAuthors(row, now) : null;
    },
    async create(brandId: string, userId: string, fields: CampaignFields, publish: boolean, now: Date): Promise<string> {
      const id = randomBytes(12).toString('hex');
      const at = now.toISOString();
      await sql.run(insert, [id, brandId, publish ? 'active' : 'draft', ...storedValues(fields), at, at, userId, userId]);
      return id;
    },
    async update(id: string, brandId: string, userId: string, fields: CampaignFields, publish: boolean, wasDraft: boolean, now: Date): Promise<void> {
      // A published campaign stays published (its tab follows its dates); a draft is published when asked.
      await sql.run(update, [wasDraft && !publish ? 'draft' : 'active', ...storedValues(fields), now.toISOString(), userId, id, brandId]);
    },
    /** Deletes the campaign and remembers its id, so its public link says it was deleted. */
    remove: (id: string, brandId: string, now: Date): Promise<boolean> => sql.transaction(async (tx) => {
      if ((await tx.run('DELETE FROM campaigns WHERE id = ? AND brand_id = ?', [id, brandId])).changes === 0) return false;
      await tx.run(`INSERT INTO deleted_campaigns (id, brand_id, deleted_at) VALUES (?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET brand_id = excluded.brand_id, deleted_at = excluded.deleted_at`, [id, brandId, now.toISOString()]);
      return true;
    }),
    /** Any brand's campaign by id, for its public submission page (the id in the link is the only key), with the brand's name. */
    async findPublic(id: string, now: Date): Promise<PublicCampaign | null> {
      const row = await sql.get<CampaignRow>(PUBLIC_CAMPAIGN_SQL.find, [id]);
      if (!row) return null;
      const brand = await sql.get<{ name: string }>(PUBLIC_CAMPAIGN_SQL.brandName, [row.brand_id]);
      return { campaign: toCampaign(row, now), brandName: brand?.name ?? '' };
    },
    wasDeleted: async (id: string): Promise<boolean> => (await sql.get(PUBLIC_CAMPAIGN_SQL.wasDeleted, [id])) !== undefined,
    /**
     * Holds the campaign for one submission until the transaction `sql` is in ends, so two creators sending at once count
     * its places one after the other: a row lock on PostgreSQL; SQLite's transaction is exclusive already.
     */
    async holdForSubmission(id: string): Promise<void> {
      if (sql.engine === 'postgres') await sql.get('SELECT id FROM campaigns WHERE id = ? FOR UPDATE', [id]);
    },
    /** Links a submitted video to the campaign with who sent it (a video already linked stays as it was). */
    async addSubmission(campaignId: string, videoId: string, sender: { name: string; email: string; rating?: number | undefined }, now: Date): Promise<void> {
      await sql.run(PUBLIC_CAMPAIGN_SQL.addSubmission, [campaignId, videoId, now.toISOString(), sender.name, sender.email, sender.rating ?? null]);
    },
    /** The stored banner file's name (null for a banner that is a link), for deleting it when replaced or removed. */
    bannerFile: async (id: string, brandId: string): Promise<string | null> =>
      (await sql.get<{ banner_file: string | null }>('SELECT banner_file FROM campaigns WHERE id = ? AND brand_id = ?', [id, brandId]))?.banner_file ?? null,
    async setBanner(id: string, brandId: string, url: string, file: string, now: Date): Promise<void> {
      await sql.run('UPDATE campaigns SET banner_image = ?, banner_file = ?, updated_at = ? WHERE id = ? AND brand_id = ?', [url, file, now.toISOString(), id, brandId]);
    },
  };
}
export type CampaignRepository = ReturnType<typeof createCampaignRepository>;
