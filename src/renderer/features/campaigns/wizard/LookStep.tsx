import { contrastRatio, READABLE_CONTRAST } from '../../../../shared/rules/contrast';
import { FieldShell } from '../../../ui/form';
import type { StepProps } from './stepProps';
import { HEX_COLOUR } from '../../../../shared/http/campaigns.schemas';

type ColourField = 'campaign_button_color' | 'campaign_button_text_color' | 'preview_color_change';
const COLOURS: readonly { field: ColourField; label: string }[] = [
  { field: 'campaign_button_color', label: 'Button colour' },
  { field: 'campaign_button_text_color', label: 'Button text colour' },
  { field: 'preview_color_change', label: 'Page colour' },
];

/** One colour: the system picker and the #RRGGBB text side by side, either one editing it. */
function ColourField({ field, label, form, problems, set }: StepProps & { field: ColourField; label: string }) {
  const value = form[field];
  return (
    <FieldShell label={label} error={problems[field]}>
      {(control) => (
        <span className="campaign-colour">
          <input type="color" aria-label={`${label} picker`} value={HEX_COLOUR.test(value) ? value.toLowerCase() : '#000000'} onChange={(event) => set(field, event.target.value.toUpperCase())} />
          <input className="input" {...control} value={value} maxLength={7} spellCheck={false} onChange={(event) => set(field, event.target.value.trim())} />
        </span>
      )}
    </FieldShell>
  );
}

/** Step 5: the submission page's colours (defaults #96C392 and #526261), shown live in the phone preview beside the form. */
export function LookStep(props: StepProps) {
  const { campaign_button_color: button, campaign_button_text_color: text } = props.form;
  const ratio = HEX_COLOUR.test(button) && HEX_COLOUR.test(text) ? contrastRatio(button, text) : null;
  return (
    <>
      {COLOURS.map(({ field, label }) => <ColourField key={field} {...props} field={field} label={label} />)}
      {ratio !== null && ratio < READABLE_CONTRAST && (
        <p className="form-alert form-alert--info" role="status">
          The button's text and colour have a contrast of {ratio.toFixed(1)}:1; from {READABLE_CONTRAST}:1 up, every creator can read it.
        </p>
      )}
      <p className="field__hint">The preview shows the page creators open from the QR code or link.</p>
    </>
  );
}
