import { TextAreaField, TextField } from '../../../ui/form';
import type { StepProps } from './stepProps';

/** Step 2: what creators should make, what they get, and the terms. */
export function BriefStep({ form, problems, set }: StepProps) {
  return (
    <>
      <TextAreaField label="Description" rows={4} maxLength={5000} value={form.description} error={problems.description}
        hint="What the video should show; creators read this first." onChange={(event) => set('description', event.target.value)} />
      <TextAreaField label="Brand instructions" rows={3} maxLength={5000} value={form.brand_instruction} error={problems.brand_instruction}
        hint="Dos and don'ts: what to mention, what to avoid." onChange={(event) => set('brand_instruction', event.target.value)} />
      <div className="form-row">
        <TextField label="Reward" maxLength={200} value={form.campaign_reward} error={problems.campaign_reward} placeholder="$50 gift card"
          onChange={(event) => set('campaign_reward', event.target.value)} />
        <TextField label="Reward type" maxLength={60} value={form.campaign_reward_type} error={problems.campaign_reward_type} placeholder="gift card, cash, product…"
          list="campaign-reward-types" onChange={(event) => set('campaign_reward_type', event.target.value)} />
        <datalist id="campaign-reward-types">
          {['cash', 'gift_card', 'product', 'commission'].map((type) => <option key={type} value={type} />)}
        </datalist>
      </div>
      <TextAreaField label="Terms and conditions" rows={4} maxLength={20000} value={form.terms_and_conditions} error={problems.terms_and_conditions}
        hint="The terms themselves, or a link to them (a link without http:// gets it)." onChange={(event) => set('terms_and_conditions', event.target.value)} />
    </>
  );
}
