import type Database from 'better-sqlite3';
import { CAMPAIGN_DEFAULTS } from '../../shared/constants';
import type { CampaignState } from '../../shared/domain/workspace';
import type { SeededAccounts } from './accounts';
import { VOCABULARY } from './catalog';
import { zoneLabelsFitting } from './campaignZones';
import { type SeedClock } from './clock';
import { productPictureUrl, PRODUCT_PICTURE_COUNT } from './products';
import type { Prng } from './prng';

const PLAN: readonly CampaignState[] = ['active', 'active', 'active', 'past', 'past', 'past', 'draft', 'draft'];
const REWARDS = [{ reward: '$50 gift card', type: 'gift_card' }, { reward: 'Free product bundle', type: 'product' }, { reward: '$150 per accepted video', type: 'cash' }, { reward: '20% affiliate commission', type: 'commission' }];

export interface CampaignCounts {
  campaigns: number;
  campaignVideos: number;
  mailCampaigns: number;
}

/** Creator campaigns in every state (3 active, 3 past, 2 drafts per own brand) with submitted videos, and mail campaigns. */
export function seedCampaigns(db: Database.Database, rng: Prng, accounts: SeededAccounts, clock: SeedClock): CampaignCounts {
  const insertCampaign = db.prepare(
    `INSERT INTO campaigns (id, brand_id, state, campaign_headline, campaign_hashtag, campaign_brand_name, campaign_product, banner_image,
       banner_file, description, brand_instruction, campaign_reward, campaign_reward_type, start_date, end_date, start_time, end_time,
       campaign_timezone, ongoing, products, campaign_video_limit, campaign_video_length, campaign_video_length_type, campaign_allow_rating,
       terms_and_conditions, image_dimensions, preview_color_change, campaign_button_color, campaign_button_text_color,
       campaign_upload_platform, created_at, updated_at)
     VALUES (@id, @brand_id, @state, @headline, @hashtag, @brand_name, @product, @banner, @banner_file, @description, @instruction,
       @reward, @reward_type, @start_date, @end_date, '09:00', '18:00', @timezone, @ongoing, @products, @limit, @length, 'seconds',
       @allow_rating, @terms, '1200x628', @preview, @button, @button_text, @platforms, @created_at, @updated_at)`,
  );
  const insertCampaignVideo = db.prepare('INSERT INTO campaign_videos (campaign_id, video_id, submitted_at) VALUES (?, ?, ?)');
  const insertMail = db.prepare(
    `INSERT INTO mail_campaigns (id, brand_id, brand_manager_id, subject, body, recipients, status, sent_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const counts: CampaignCounts = { campaigns: 0, campaignVideos: 0, mailCampaigns: 0 };

  db.transaction(() => {
    for (const brand of accounts.ownBrands) {
      const videos = db.prepare('SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT 400').pluck().all(brand.id) as string[];
      const products = db.prepare('SELECT id, name FROM products WHERE brand_id = ? ORDER BY name').all(brand.id) as { id: string; name: string }[];
      const headlines = VOCABULARY[brand.catalog.domain].campaignHeadlines;
      PLAN.forEach((state, i) => {
        const id = rng.hexId();
        const product = rng.pick(products);
        const headline = headlines[(i + brand.name.length) % headlines.length] ?? 'Campaign';
        const reward = rng.pick(REWARDS);
        // Past campaigns ended before the anchor, active ones run across it, drafts start in the future.
        const start = state === 'past' ? rng.int(120, 300) : state === 'active' ? rng.int(5, 60) : -rng.int(10, 40);
        const length = rng.int(20, 90);
        const startDate = clock.daysAgo(start).slice(0, 10);
        const endDate = state === 'active' ? clock.daysAhead(length).slice(0, 10) : clock.daysAgo(start - length).slice(0, 10);
        insertCampaign.run({
          id, brand_id: brand.id, state, headline, hashtag: `#${brand.name.split(' ')[0]}${headline.replace(/[^A-Za-z0-9]/g, '')}`,
          brand_name: brand.name, product: product.name, banner: productPictureUrl(rng.int(1, PRODUCT_PICTURE_COUNT)), banner_file: null,
          description: `Create a short video featuring the ${product.name}. Tell your audience what you honestly think.`,
          instruction: 'Show the product in the first 3 seconds, mention the campaign hashtag, keep it under 60 seconds.',
          reward: reward.reward, reward_type: reward.type,
          start_date: startDate, end_date: endDate,
          // One draw whatever the list, so every later draw stays where it was.
          timezone: rng.pick(zoneLabelsFitting({ date: startDate, time: '09:00' }, { date: endDate, time: '18:00' })), ongoing: state === 'active' && rng.chance(0.3) ? 1 : 0, products: JSON.stringify([product.id]),
          limit: CAMPAIGN_DEFAULTS.videoLimit, length: rng.pick([30, 60, 90]), allow_rating: rng.chance(0.5) ? 1 : 0,
          terms: 'By submitting you grant the brand a non-exclusive licence to repost your video with credit.',
          preview: CAMPAIGN_DEFAULTS.previewColor, button: CAMPAIGN_DEFAULTS.buttonColor, button_text: CAMPAIGN_DEFAULTS.buttonTextColor,
          platforms: JSON.stringify(rng.sample(['Youtube', 'Tiktok', 'Instagram'], rng.int(1, 3))),
          created_at: clock.daysAgo(Math.max(start, 0) + rng.int(5, 20)), updated_at: clock.daysAgo(Math.max(start, 0) + rng.int(0, 4)),
        });
        counts.campaigns += 1;
        if (state === 'draft') return;
        for (const videoId of rng.sample(videos, rng.int(5, 15))) {
          insertCampaignVideo.run(id, videoId, clock.daysAgo(Math.max(1, start - rng.int(0, length))));
          counts.campaignVideos += 1;
        }
      });
      const creators = db.prepare('SELECT id FROM creators WHERE brand_id = ? AND email IS NOT NULL ORDER BY id').pluck().all(brand.id) as string[];
      const unusedSubjects = [...headlines];
      for (let i = 0; i < 3; i++) {
        const sent = i < 2;
        const id = rng.hexId();
        // One draw as before, from the headlines not used yet: a brand never mails the same subject twice.
        const subject = rng.pick(unusedSubjects);
        unusedSubjects.splice(unusedSubjects.indexOf(subject), 1);
        insertMail.run(
          id, brand.id, accounts.managerId, `${brand.name} × you: ${subject}`,
          `Hi there,\n\nWe loved your recent videos and would like to invite you to our next campaign.\n\nBest,\n${brand.name}`,
          JSON.stringify(rng.sample(creators, rng.int(3, 12))), sent ? 'sent' : 'draft', sent ? clock.daysAgo(rng.int(5, 200)) : null, clock.daysAgo(rng.int(200, 260)),
        );
        counts.mailCampaigns += 1;
      }
    }
  })();
  return counts;
}
