import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Campaign, CampaignFields } from '../../../shared/http/campaigns.schemas';
import { CampaignFieldsSchema } from '../../../shared/http/campaigns.schemas';
import { campaignTab } from '../../../shared/rules/campaignTabs';
import { parse } from '../../search/columnValues';

type Row = Record<string, unknown> & { id: string; brand_id: string; state: 'active' | 'past' | 'draft'; banner_image: string | null; created_at: string; updated_at: string; submitted: number };

const COLUMNS = ['campaign_headline', 'campaign_hashtag', 'campaign_brand_name', 'campaign_product', 'description', 'brand_instruction', 'campaign_reward', 'campaign_reward_type',
  'terms_and_conditions', 'start_date', 'start_time', 'end_date', 'end_time', 'campaign_timezone', 'ongoing', 'products', 'campaign_video_limit',
  'campaign_video_length', 'campaign_video_length_type', 'campaign_allow_rating', 'campaign_upload_platform', 'campaign_button_color',
  'campaign_button_text_color', 'preview_color_change', 'image_dimensions'] as const;

/** A stored row as the form's fields: lists from JSON, flags from 0/1; a value an older seed wrote oddly reads as its default. */
function fieldsOf(row: Row): CampaignFields {
  const raw = Object.fromEntries(COLUMNS.map((column) => [column, row[column]]));
  const value = { ...raw, ongoing: row.ongoing === 1, campaign_allow_rating: row.campaign_allow_rating === 1, products: parse(String(row.products ?? '[]')) ?? [],
    campaign_upload_platform: parse(String(row.campaign_upload_platform ?? '[]')) ?? [] };
  const cleaned = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined));
  const parsed = CampaignFieldsSchema.safeParse(cleaned);
  return parsed.success ? parsed.data : CampaignFieldsSchema.parse({ campaign_headline: String(row.campaign_headline ?? 'Campaign') });
}

/** Campaigns of a brand (issue 14); another brand's campaign is not found. */
export function createCampaignRepository(db: Database.Database) {
  const select = `SELECT c.*, (SELECT COUNT(*) FROM campaign_videos cv WHERE cv.campaign_id = c.id) AS submitted FROM campaigns c`;
  const byBrand = db.prepare(`${select} WHERE c.brand_id = ?`);
  const find = db.prepare(`${select} WHERE c.id = ? AND c.brand_id = ?`);
  const insert = db.prepare(`INSERT INTO campaigns (id, brand_id, state, ${COLUMNS.join(', ')}, created_at, updated_at)
    VALUES (@id, @brand_id, @state, ${COLUMNS.map((c) => `@${c}`).join(', ')}, @at, @at)`);
  const update = db.prepare(`UPDATE campaigns SET state = @state, ${COLUMNS.map((c) => `${c} = @${c}`).join(', ')}, updated_at = @at WHERE id = @id AND brand_id = @brand_id`);
  const remove = db.prepare('DELETE FROM campaigns WHERE id = ? AND brand_id = ?');
  const tombstone = db.prepare('INSERT OR REPLACE INTO deleted_campaigns (id, brand_id, deleted_at) VALUES (?, ?, ?)');
  const wasDeleted = db.prepare('SELECT 1 FROM deleted_campaigns WHERE id = ?').pluck();
  const anyBrand = db.prepare(`${select} WHERE c.id = ?`);
  const brandName = db.prepare('SELECT name FROM brands WHERE id = ?').pluck();
  const submit = db.prepare(`INSERT OR IGNORE INTO campaign_videos (campaign_id, video_id, submitted_at, submitter_name, submitter_email)
    VALUES (?, ?, ?, ?, ?)`);
  const banner = db.prepare('UPDATE campaigns SET banner_image = ?, banner_file = ?, updated_at = ? WHERE id = ? AND brand_id = ?');
  const fileOf = db.prepare('SELECT banner_file FROM campaigns WHERE id = ? AND brand_id = ?').pluck();

  const toCampaign = (row: Row, now: Date): Campaign => {
    const fields = fieldsOf(row);
    return {
      ...fields, _id: row.id, brand_id: row.brand_id, state: row.state, tab: campaignTab({ ...fields, state: row.state === 'draft' ? 'draft' : 'active' }, now),
      submitted_videos: row.submitted, banner_image: row.banner_image, created_at: row.created_at, updated_at: row.updated_at,
    };
  };
  const stored = (fields: CampaignFields) => ({
    ...fields, ongoing: fields.ongoing ? 1 : 0, campaign_allow_rating: fields.campaign_allow_rating ? 1 : 0, products: JSON.stringify(fields.products),
    campaign_upload_platform: JSON.stringify(fields.campaign_upload_platform),
  });

  return {
    list: (brandId: string, now: Date): Campaign[] => (byBrand.all(brandId) as Row[]).map((row) => toCampaign(row, now)),
    find(id: string, brandId: string, now: Date): Campaign | null {
      const row = find.get(id, brandId) as Row | undefined;
      return row ? toCampaign(row, now) : null;
    },
    create(brandId: string, fields: CampaignFields, publish: boolean, now: Date): string {
      const id = randomBytes(12).toString('hex');
      insert.run({ ...stored(fields), id, brand_id: brandId, state: publish ? 'active' : 'draft', at: now.toISOString() });
      return id;
    },
    update(id: string, brandId: string, fields: CampaignFields, publish: boolean, wasDraft: boolean, now: Date): void {
      // A published campaign stays published (its tab follows its dates); a draft is published when asked.
      update.run({ ...stored(fields), id, brand_id: brandId, state: wasDraft && !publish ? 'draft' : 'active', at: now.toISOString() });
    },
    /** Deletes the campaign and remembers its id, so its public link says it was deleted. */
    remove: (id: string, brandId: string, now: Date): boolean => db.transaction(() => {
      if (remove.run(id, brandId).changes === 0) return false;
      tombstone.run(id, brandId, now.toISOString());
      return true;
    })(),
    /** Any brand's campaign by id, for its public submission page (the id in the link is the only key), with the brand's name. */
    findPublic(id: string, now: Date): { campaign: Campaign; brandName: string } | null {
      const row = anyBrand.get(id) as Row | undefined;
      return row ? { campaign: toCampaign(row, now), brandName: String(brandName.get(row.brand_id) ?? '') } : null;
    },
    wasDeleted: (id: string): boolean => wasDeleted.get(id) !== undefined,
    /** Links a submitted video to the campaign with who sent it (a video already linked stays as it was). */
    addSubmission(campaignId: string, videoId: string, name: string, email: string, now: Date): void {
      submit.run(campaignId, videoId, now.toISOString(), name, email);
    },
    /** The stored banner file's name (null for a banner that is a link), for deleting it when replaced or removed. */
    bannerFile: (id: string, brandId: string): string | null => (fileOf.get(id, brandId) as string | null | undefined) ?? null,
    setBanner(id: string, brandId: string, url: string, file: string, now: Date): void {
      banner.run(url, file, now.toISOString(), id, brandId);
    },
  };
}
