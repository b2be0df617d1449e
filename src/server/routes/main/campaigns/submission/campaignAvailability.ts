import type { Campaign } from '../../../../../shared/http/campaigns.schemas';
import { SUBMISSION_MESSAGES } from '../../../../../shared/http/campaignSubmission.schemas';
import { US_TIMEZONE_ZONES, zonedInstant, type UsTimezone } from '../../../../../shared/rules/campaignTabs';
import type { CampaignRepository, PublicCampaign } from '../../../../repositories/campaigns/campaignRepository';

/** A campaign's public page is open (it takes videos), or closed with the status and sentence that say why. */
export type Availability =
  | { open: true; campaign: Campaign; brandName: string }
  | { open: false; status: number; message: string; campaign: Campaign | null; brandName: string };

/** When a campaign opens: its start date and time (midnight without a time) in its zone, or null without a start. */
function campaignStart(campaign: Campaign): Date | null {
  if (!campaign.start_date) return null;
  const zone = US_TIMEZONE_ZONES[campaign.campaign_timezone as UsTimezone] ?? US_TIMEZONE_ZONES['Pacific Daylight Time'];
  return zonedInstant(campaign.start_date, campaign.start_time ?? '00:00', zone);
}

/**
 * Whether the campaign behind a submission link takes videos now, from what the store found: the campaign (null when
 * there is none) and, only when there is none, whether it was deleted. Unknown: 404; deleted or ended: 410 (gone for
 * good); a draft or one not started yet: 403 (may open later); full: 409. The same rule serves the page and the submit.
 */
function decide(found: PublicCampaign | null, wasDeleted: () => boolean, now: Date): Availability {
  if (!found) {
    return wasDeleted()
      ? { open: false, status: 410, message: SUBMISSION_MESSAGES.deleted, campaign: null, brandName: '' }
      : { open: false, status: 404, message: SUBMISSION_MESSAGES.unknown, campaign: null, brandName: '' };
  }
  const { campaign, brandName } = found;
  const closed = (status: number, message: string): Availability => ({ open: false, status, message, campaign, brandName });
  if (campaign.tab === 'draft') return closed(403, SUBMISSION_MESSAGES.draft);
  if (campaign.tab === 'past') return closed(410, SUBMISSION_MESSAGES.ended);
  const start = campaignStart(campaign);
  if (start && start.getTime() > now.getTime()) return closed(403, SUBMISSION_MESSAGES.notStarted);
  if (campaign.submitted_videos >= campaign.campaign_video_limit) return closed(409, SUBMISSION_MESSAGES.full);
  return { open: true, campaign, brandName };
}

/**
 * Whether the campaign takes videos now: the page, the check before an upload is read, and again inside the transaction
 * that stores a submission (a campaign repository over that transaction, so the last place goes to one creator).
 */
export async function availabilityOf(repo: Pick<CampaignRepository, 'findPublic' | 'wasDeleted'>, id: string, now: Date): Promise<Availability> {
  const found = await repo.findPublic(id, now);
  const deleted = found ? false : await repo.wasDeleted(id);
  return decide(found, () => deleted, now);
}

/** What of the campaign its public page may show: everything, except for a draft, whose brief is not public yet. */
export function publicCampaign(availability: Availability): Campaign | null {
  return availability.open || availability.message !== SUBMISSION_MESSAGES.draft ? availability.campaign : null;
}
