import { CAMPAIGN_DEFAULTS, OWN_STORAGE_PLATFORM, VIDEO_MIME_MAP } from '../../../../../shared/constants';
import { HEX_COLOUR, type Campaign } from '../../../../../shared/http/campaigns.schemas';
import { SUBMISSION_MESSAGES, SUBMISSION_RATINGS, SUBMISSION_VIDEO_FIELD } from '../../../../../shared/http/campaignSubmission.schemas';
import { UPLOAD_MESSAGES } from '../../../../../shared/http/uploads.schemas';
import { US_TIMEZONE_LABELS } from '../../../../../shared/rules/campaignTabs';
import { readableTextOn } from '../../../../../shared/rules/contrast';
import { publicCampaign, type Availability } from './campaignAvailability';
import { SUBMISSION_PAGE_CSS } from './submissionPage.css';
import { SUBMISSION_PAGE_SCRIPT } from './submissionPage.script';

/** Text for HTML content and quoted attribute values: every character that could end either is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const colour = (value: string, fallback: string) => (HEX_COLOUR.test(value) ? value : fallback);
// Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms: a headline starting in one of them reads right to left.
const RTL_FIRST_STRONG = /^[^\p{L}]*[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LINK_PLATFORMS = 'YouTube, TikTok, Instagram, Dropbox or Google Drive';

/** What a campaign takes: a file, a link, or both (an empty platform list takes both). */
export function acceptedWays(campaign: Campaign): { file: boolean; link: boolean } {
  const platforms: readonly string[] = campaign.campaign_upload_platform;
  if (platforms.length === 0) return { file: true, link: true };
  return { file: platforms.includes(OWN_STORAGE_PLATFORM), link: platforms.some((platform) => platform !== OWN_STORAGE_PLATFORM) };
}

/** A byte count as people read a limit: "4 GB", "500 MB". */
function readableBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

function when(campaign: Campaign): string | null {
  if (campaign.ongoing) return 'Open until the brand closes it.';
  if (!campaign.end_date) return null;
  const day = new Date(`${campaign.end_date}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
  return `Open until ${day}${campaign.end_time ? `, ${campaign.end_time}` : ''} (${US_TIMEZONE_LABELS[campaign.campaign_timezone]}).`;
}

function termsOf(campaign: Campaign): string {
  const terms = campaign.terms_and_conditions.trim();
  if (terms === '') return '';
  // Only a web address becomes a link (never javascript: or data:); prose stays text.
  const link = /^https?:\/\/\S+$/i.test(terms);
  return link
    ? `<p class="terms"><a href="${escapeHtml(terms)}" rel="noopener noreferrer nofollow" target="_blank">Terms and conditions</a></p>`
    : `<p class="terms" dir="auto">Terms and conditions: ${escapeHtml(terms)}</p>`;
}

function describedCampaign(campaign: Campaign, brandName: string): string {
  const tag = campaign.campaign_hashtag;
  const period = when(campaign);
  const length = campaign.campaign_video_length === null ? null : `Videos of up to ${campaign.campaign_video_length} ${campaign.campaign_video_length_type}.`;
  const line = (className: string, text: string) => (text.trim() === '' ? '' : `<p class="${className}" dir="auto">${escapeHtml(text)}</p>`);
  return [
    line('brand', campaign.campaign_brand_name || brandName),
    `<h1 dir="auto">${escapeHtml(campaign.campaign_headline)}</h1>`,
    tag ? line('tag', tag) : '',
    line('text', campaign.description),
    line('text', campaign.brand_instruction),
    campaign.campaign_reward ? `<p class="reward">Reward: <bdi>${escapeHtml(campaign.campaign_reward)}</bdi></p>` : '',
    period ? `<p class="when">${escapeHtml(period)}</p>` : '',
    length ? `<p class="when">${escapeHtml(length)}</p>` : '',
  ].join('\n');
}

/** The product's rating, 1 to 5 stars, when the campaign asks creators for one. */
function ratingField(campaign: Campaign): string {
  if (!campaign.campaign_allow_rating) return '';
  const stars = SUBMISSION_RATINGS.map((stars) => `<label><input type="radio" name="rating" value="${stars}" required> ${stars} ${stars === 1 ? 'star' : 'stars'}</label>`).join('\n');
  return `<fieldset class="ways" id="rating"><legend>Your rating of the product</legend>\n${stars}</fieldset>`;
}

function submissionForm(campaign: Campaign, maxBytes: number): string {
  const ways = acceptedWays(campaign);
  const accept = [...Object.keys(VIDEO_MIME_MAP).map((ext) => `.${ext}`), ...new Set(Object.values(VIDEO_MIME_MAP))].join(',');
  const choice = ways.file && ways.link
    ? `<fieldset class="ways"><legend>Your video</legend>
<label><input type="radio" name="way" value="file" checked> Upload a file</label>
<label><input type="radio" name="way" value="link"> Share a link</label></fieldset>`
    : '';
  return `<form id="submit-form" class="card" method="post" action="/campaigns/${encodeURIComponent(campaign._id)}/submissions" enctype="multipart/form-data" novalidate
  data-max-bytes="${maxBytes}" data-types="${escapeHtml(Object.keys(VIDEO_MIME_MAP).join(','))}">
<h2>Submit your video</h2>
<div class="field"><label for="name">Your name</label><input id="name" name="name" autocomplete="name" maxlength="120" required dir="auto"></div>
<div class="field"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" maxlength="254" required dir="ltr">
<p class="hint">The brand writes to you here about your video.</p></div>
${ratingField(campaign)}
${choice}
<div class="field" data-way="file"${ways.file ? '' : ' hidden'}><label for="video">Video file</label>
<input id="video" name="${SUBMISSION_VIDEO_FIELD}" type="file" accept="${escapeHtml(accept)}" aria-describedby="video-hint">
<p class="hint" id="video-hint">MP4, WebM or Ogg, up to ${readableBytes(maxBytes)}.</p></div>
<div class="field" data-way="link"${ways.file || !ways.link ? ' hidden' : ''}><label for="url">Link to your video</label>
<input id="url" name="url" type="url" inputmode="url" maxlength="2048" dir="ltr" placeholder="https://www.youtube.com/watch?v=…" aria-describedby="url-hint">
<p class="hint" id="url-hint">A ${LINK_PLATFORMS} link.</p></div>
<progress id="progress" max="100" value="0" hidden aria-label="Upload progress"></progress>
<p id="status" class="status" role="status" aria-live="polite"></p>
<p id="error" class="error" role="alert" tabindex="-1"></p>
<button type="submit" class="submit">Submit your video</button>
${termsOf(campaign)}
</form>
<section id="done" class="card done" hidden tabindex="-1" aria-labelledby="done-title"><h2 id="done-title">Video sent</h2><p id="done-text"></p>
<p>You can close this page.</p></section>`;
}

/** The messages the page's script shows itself, as the server words them. */
const CLIENT_MESSAGES = {
  nameMissing: SUBMISSION_MESSAGES.nameMissing, emailInvalid: SUBMISSION_MESSAGES.emailInvalid, videoMissing: SUBMISSION_MESSAGES.videoMissing,
  ratingMissing: SUBMISSION_MESSAGES.ratingMissing,
  notAVideo: UPLOAD_MESSAGES.notAVideo, tooLarge: UPLOAD_MESSAGES.tooLarge,
  lost: 'The video could not be sent: the connection was lost. Check it, then send again.',
  failed: 'The video could not be sent. Try again in a moment.',
};

/**
 * The page creators open from the campaign's QR code or link, as the wizard's Look step previews it: banner, brief,
 * dates and colours, then the form. Every campaign text is escaped; the one style block and the one script carry the
 * response's CSP nonce (nothing else may run or style); a closed campaign shows why instead of the form.
 */
export function renderSubmissionPage(availability: Availability, options: { nonce: string; maxBytes: number; bannerUrl: string | null }): string {
  // A draft's brief is not public yet: its page says only that it is not published.
  const campaign = publicCampaign(availability);
  const draft = !availability.open && availability.message === SUBMISSION_MESSAGES.draft;
  const page = colour(campaign?.preview_color_change ?? '', CAMPAIGN_DEFAULTS.previewColor);
  const button = colour(campaign?.campaign_button_color ?? '', CAMPAIGN_DEFAULTS.buttonColor);
  const buttonText = colour(campaign?.campaign_button_text_color ?? '', CAMPAIGN_DEFAULTS.buttonTextColor);
  const dir = campaign && RTL_FIRST_STRONG.test(campaign.campaign_headline) ? 'rtl' : 'ltr';
  // Without a campaign (unknown or deleted) the heading says which.
  const missing = draft ? 'Campaign not published yet' : !availability.open && availability.status === 410 ? 'Campaign deleted' : 'Campaign not found';
  const title = campaign ? `${campaign.campaign_headline} · ${campaign.campaign_brand_name || availability.brandName}` : missing;
  const banner = options.bannerUrl ? `<img class="banner" src="${escapeHtml(options.bannerUrl)}" alt="">` : '';
  const body = availability.open
    ? submissionForm(availability.campaign, options.maxBytes)
    : `<p class="card closed" role="status">${escapeHtml(availability.message)}</p>`;
  const script = availability.open
    ? `<script nonce="${options.nonce}">${SUBMISSION_PAGE_SCRIPT.replace('__MESSAGES__', JSON.stringify(CLIENT_MESSAGES).replace(/</g, '\\u003c'))}</script>`
    : '';
  return `<!doctype html>
<html lang="en" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style nonce="${options.nonce}">
:root { --page: ${page}; --page-text: ${readableTextOn(page)}; --button: ${button}; --button-text: ${buttonText}; }
${SUBMISSION_PAGE_CSS}
</style>
</head>
<body>
<main class="submit-page">
${banner}
<div class="intro">
${campaign ? describedCampaign(campaign, availability.brandName) : `<h1>${missing}</h1>`}
</div>
${body}
</main>
${script}
</body>
</html>
`;
}
