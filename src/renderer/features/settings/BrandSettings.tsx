import { useState } from 'react';
import { FormAlert } from '../../ui/form';
import { BrandDetailsForm } from '../onboarding';

/** The acting brand's name and logo, as after sign-up (POST /users/update_brand_details). */
export function BrandSettings() {
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <section className="card settings-card" aria-labelledby="brand-settings-title">
      <h2 className="card__title" id="brand-settings-title">Brand</h2>
      <BrandDetailsForm logoId="settings-brand-logo" submitLabel="Save brand" onSaved={setSaved}>
        {saved && <FormAlert tone="success">{saved}</FormAlert>}
      </BrandDetailsForm>
    </section>
  );
}
