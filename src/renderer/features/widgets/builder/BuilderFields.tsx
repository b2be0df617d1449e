import { WIDGET_DEVICE_OPTIONS, WIDGET_MENU_OPTIONS, WIDGET_RATIOS, WIDGET_TOGGLES } from '../../../../shared/http/widgets.schemas';
import { HEX_COLOUR } from '../../../../shared/http/campaigns.schemas';
import { contrastRatio, READABLE_CONTRAST } from '../../../../shared/rules/contrast';
import { SelectField } from '../../../ui/form';
import type { BuilderForm } from './builderForm';

interface Props { form: BuilderForm; update: (patch: Partial<BuilderForm>) => void }

const MENU_LABELS: Record<(typeof WIDGET_MENU_OPTIONS)[number], string> = {
  most_recent: 'Most recent', ratings: 'Top rated', verified_shopper: 'Verified shoppers', brand_video: 'Brand videos',
};
const TOGGLE_LABELS: Record<(typeof WIDGET_TOGGLES)[number], string> = {
  summary: 'Summary', thumbnails: 'Thumbnails', highlights: 'Highlights', caption: 'Caption', product_image: 'Product image', variant: 'Variant', price: 'Price', rating: 'Rating',
};
const RATIO_OPTIONS = WIDGET_RATIOS.map((value) => ({ value, label: value }));

function toggled<T extends string>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="field colour-field">
      <span className="field__label">{label}</span>
      <span className="colour-field__row">
        <input type="color" value={HEX_COLOUR.test(value) ? value : '#000000'} onChange={(event) => onChange(event.target.value.toUpperCase())} aria-label={`${label} picker`} />
        <input className="input" value={value} maxLength={7} spellCheck={false} aria-invalid={HEX_COLOUR.test(value) ? undefined : true} onChange={(event) => onChange(event.target.value)} />
      </span>
      {!HEX_COLOUR.test(value) && <span className="field__error">A colour is written #RRGGBB, e.g. #409DB2.</span>}
    </label>
  );
}

/** Aspect, colours, menu and device options (spec §9 defaults). */
export function LookFields({ form, update }: Props) {
  const { primary, text } = form.colors;
  const ratio = HEX_COLOUR.test(primary) && HEX_COLOUR.test(text) ? contrastRatio(primary, text) : null;
  return (
    <section className="card" aria-labelledby="widget-look">
      <h2 className="card__title" id="widget-look">Look</h2>
      <div className="widget-fields-grid">
        <SelectField label="Aspect" value={form.activeRatio} options={RATIO_OPTIONS} onChange={(activeRatio) => update({ activeRatio })} />
        <ColourField label="Colour" value={form.colors.primary} onChange={(primary) => update({ colors: { ...form.colors, primary } })} />
        <ColourField label="Button text colour" value={form.colors.text} onChange={(value) => update({ colors: { ...form.colors, text: value } })} />
      </div>
      {ratio !== null && ratio < READABLE_CONTRAST && (
        <p className="form-alert form-alert--info" role="status">
          The buttons' text and colour have a contrast of {ratio.toFixed(1)}:1; from {READABLE_CONTRAST}:1 up, every shopper can read them.
        </p>
      )}
      <fieldset className="check-row">
        <legend>Menu</legend>
        {WIDGET_MENU_OPTIONS.map((option) => (
          <label key={option}><input type="checkbox" checked={form.menu_options.includes(option)} onChange={() => update({ menu_options: toggled(form.menu_options, option) })} /> {MENU_LABELS[option]}</label>
        ))}
      </fieldset>
      <fieldset className="check-row">
        <legend>Show on</legend>
        {WIDGET_DEVICE_OPTIONS.map((option) => (
          <label key={option}><input type="checkbox" checked={form.device_options.includes(option)} onChange={() => update({ device_options: toggled(form.device_options, option) })} /> {option === 'desktop' ? 'Desktop' : 'Mobile'}</label>
        ))}
      </fieldset>
      {form.device_options.length === 0 && <p className="field__error">Show the widget on at least one device.</p>}
    </section>
  );
}

/** The call to action and the buy-now and cart buttons. */
export function ShoppingFields({ form, update, problem }: Props & { problem: string | null }) {
  const cta = form.call_to_action;
  return (
    <section className="card" aria-labelledby="widget-shopping">
      <h2 className="card__title" id="widget-shopping">Shopping</h2>
      <div className="widget-fields-grid">
        <label className="field">
          <span className="field__label">Call-to-action button</span>
          <input className="input" value={cta.button_copy} maxLength={40} onChange={(event) => update({ call_to_action: { ...cta, button_copy: event.target.value } })} />
        </label>
        <label className="field">
          <span className="field__label">Call-to-action link</span>
          <input className="input" type="url" inputMode="url" value={cta.button_URL} maxLength={2000} placeholder="shop.example/spring" aria-invalid={problem ? true : undefined}
            onChange={(event) => update({ call_to_action: { ...cta, button_URL: event.target.value } })} />
          {problem ? <span className="field__error">{problem}</span> : <span className="field__hint">A link without http:// gets it.</span>}
        </label>
      </div>
      {(['buy_now_button', 'cart_button'] as const).map((key) => (
        <div key={key} className="button-setting">
          <label><input type="checkbox" checked={form[key].enabled} onChange={() => update({ [key]: { ...form[key], enabled: !form[key].enabled } })} /> {key === 'buy_now_button' ? 'Buy now button' : 'Add to cart button'}</label>
          <input className="input" value={form[key].label} maxLength={40} disabled={!form[key].enabled} aria-label={`${key === 'buy_now_button' ? 'Buy now' : 'Add to cart'} button text`}
            onChange={(event) => update({ [key]: { ...form[key], label: event.target.value } })} />
        </div>
      ))}
    </section>
  );
}

/** What the carousel and its player show. */
export function ToggleFields({ form, update }: Props) {
  return (
    <section className="card" aria-labelledby="widget-show">
      <h2 className="card__title" id="widget-show">Show</h2>
      <fieldset className="check-row check-row--grid">
        <legend className="visually-hidden">What the widget shows</legend>
        {WIDGET_TOGGLES.map((toggle) => (
          <label key={toggle}><input type="checkbox" checked={form.toggles[toggle]} onChange={() => update({ toggles: { ...form.toggles, [toggle]: !form.toggles[toggle] } })} /> {TOGGLE_LABELS[toggle]}</label>
        ))}
      </fieldset>
    </section>
  );
}
