import { CAMPAIGN_DEFAULTS } from '../../../../shared/constants';
import { readableTextOn } from '../../../../shared/rules/contrast';
import { HEX_COLOUR } from '../../../../shared/http/campaigns.schemas';
import { useServices } from '../../../app/useServices';
import { resolveMediaUrl } from '../../../ui/player/playerSource';
import type { CampaignForm } from './wizardForm';

const colour = (value: string, fallback: string) => (HEX_COLOUR.test(value) ? value : fallback);

/** The campaign's submission page as a creator sees it on a phone, following the form as it is typed. */
export function PhonePreview({ form, banner }: { form: CampaignForm; banner: string | null }) {
  const { backend } = useServices();
  const [width, height] = form.image_dimensions.split('x');
  const page = colour(form.preview_color_change, CAMPAIGN_DEFAULTS.previewColor);
  return (
    <figure className="campaign-phone" aria-label="Preview on a phone">
      <div className="campaign-phone__screen" style={{ backgroundColor: page, color: readableTextOn(page) }}>
        <div className="campaign-phone__banner" style={{ aspectRatio: `${width ?? 1200} / ${height ?? 628}` }}>
          {banner && <img src={banner.startsWith('blob:') ? banner : resolveMediaUrl(banner, backend.origin)} alt="" />}
        </div>
        <div className="campaign-phone__body">
          <p className="campaign-phone__brand"><bdi>{form.campaign_brand_name}</bdi></p>
          <h3 className="campaign-phone__title"><bdi>{form.campaign_headline || 'Your headline'}</bdi></h3>
          {form.campaign_hashtag && <p className="campaign-phone__tag"><bdi>{form.campaign_hashtag.startsWith('#') ? form.campaign_hashtag : `#${form.campaign_hashtag}`}</bdi></p>}
          <p className="campaign-phone__text"><bdi>{form.description || 'What creators should make appears here.'}</bdi></p>
          {form.campaign_reward && <p className="campaign-phone__reward">Reward: <bdi>{form.campaign_reward}</bdi></p>}
          <span className="campaign-phone__button" style={{ backgroundColor: colour(form.campaign_button_color, CAMPAIGN_DEFAULTS.buttonColor), color: colour(form.campaign_button_text_color, CAMPAIGN_DEFAULTS.buttonTextColor) }}>
            Submit your video
          </span>
        </div>
      </div>
      <figcaption className="visually-hidden">Live preview of the submission page</figcaption>
    </figure>
  );
}
