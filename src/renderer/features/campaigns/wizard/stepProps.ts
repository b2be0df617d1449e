import type { CampaignForm, Problems } from './wizardForm';

/** What every wizard step gets: the form, the problems shown so far, and a setter per field. */
export interface StepProps {
  form: CampaignForm;
  problems: Problems;
  set: <Field extends keyof CampaignForm>(field: Field, value: CampaignForm[Field]) => void;
}
