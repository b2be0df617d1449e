import { useCallback } from 'react';
import { CAMPAIGN_BANNER_SIZES } from '../../../../shared/http/campaigns.schemas';
import type { ProductListResponse } from '../../../../shared/http/products.schemas';
import { useServices } from '../../../app/useServices';
import { useRemoteQuery } from '../../../lib/useRemoteQuery';
import { CheckboxGroup } from '../../../ui/filters';
import { FieldShell, TextField } from '../../../ui/form';
import { fetchProductList } from '../../products/products.api';
import type { Who } from '../campaigns.api';
import { BannerField, type BannerFlush } from './BannerField';
import type { StepProps } from './stepProps';

const SHAPE_LABELS: Record<(typeof CAMPAIGN_BANNER_SIZES)[number], string> = {
  '1200x628': 'Landscape 1200 × 628', '1080x1080': 'Square 1080 × 1080', '1080x1920': 'Portrait 1080 × 1920', '1500x500': 'Wide 1500 × 500',
};

/** Step 1: what the campaign is called, whose it is, the products it features and its banner. */
export function BasicsStep({ form, problems, set, who, banner, uploadBanner, registerBannerFlush }: StepProps & {
  who: Who; banner: string | null; uploadBanner: (banner: Blob, onProgress: (fraction: number) => void) => Promise<void>;
  registerBannerFlush: (flush: BannerFlush | null) => void;
}) {
  const { api } = useServices();
  const products = useRemoteQuery(`campaign-products|${who.brand_id}`, useCallback(
    () => fetchProductList(api.main, { ...who, tab: 'My Products', per_page: '100' }), [api, who]));
  const options = products.state.phase === 'success'
    ? (products.state.body as ProductListResponse).products.map((product) => ({ value: product._id, label: product.name })).sort((a, b) => a.label.localeCompare(b.label))
    : [];
  return (
    <>
      <TextField label="Headline" required maxLength={120} value={form.campaign_headline} error={problems.campaign_headline}
        hint="What creators see first, e.g. “Show us your morning routine”." onChange={(event) => set('campaign_headline', event.target.value)} />
      <div className="form-row">
        <TextField label="Hashtag" maxLength={60} value={form.campaign_hashtag} error={problems.campaign_hashtag} placeholder="#YourCampaign"
          onChange={(event) => set('campaign_hashtag', event.target.value)} />
        <TextField label="Brand name" maxLength={120} value={form.campaign_brand_name} error={problems.campaign_brand_name}
          onChange={(event) => set('campaign_brand_name', event.target.value)} />
      </div>
      <TextField label="Featured product" maxLength={200} value={form.campaign_product} error={problems.campaign_product}
        hint="As creators should name it in their video." onChange={(event) => set('campaign_product', event.target.value)} />
      <CheckboxGroup legend="Products" options={options} selected={form.products} onChange={(values) => set('products', values)}
        emptyText={products.state.phase === 'failure' ? 'The products could not be loaded.' : products.state.phase === 'success' ? 'No product yet.' : 'Loading the products…'} />
      {problems.products && <p className="field__error">{problems.products}</p>}
      <FieldShell label="Banner shape" error={problems.image_dimensions}>
        {(control) => (
          <select className="select" {...control} value={form.image_dimensions} onChange={(event) => set('image_dimensions', event.target.value)}>
            {CAMPAIGN_BANNER_SIZES.map((size) => <option key={size} value={size}>{SHAPE_LABELS[size]}</option>)}
            {!(CAMPAIGN_BANNER_SIZES as readonly string[]).includes(form.image_dimensions) && <option value={form.image_dimensions}>{form.image_dimensions}</option>}
          </select>
        )}
      </FieldShell>
      <BannerField key={form.image_dimensions} current={banner} dimensions={form.image_dimensions} upload={uploadBanner} registerFlush={registerBannerFlush} />
    </>
  );
}
