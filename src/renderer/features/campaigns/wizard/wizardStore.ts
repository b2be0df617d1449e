import { emptyForm, LAST_STEP, type CampaignForm } from './wizardForm';

/** What the wizard keeps on this computer while a person types: the form, the step and the draft it saves to. */
export interface StoredWizard {
  form: CampaignForm;
  step: number;
  campaignId: string | null;
  savedAt: string;
}

/** One slot per brand and campaign ('new' for one not yet saved), so two campaigns being edited do not mix. */
const keyOf = (brandId: string, slot: string) => `reelscope.campaignWizard.${brandId}.${slot}`;

/**
 * Reads a stored wizard; anything unreadable (another version's shape, a hand-edited value) is dropped rather than
 * trusted, field by field: a known field of the right type is kept, the rest take their new-form values.
 */
export function readWizard(brandId: string, slot: string, brandName: string): StoredWizard | null {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(keyOf(brandId, slot)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const stored = raw as Partial<Record<keyof StoredWizard, unknown>>;
  const base = emptyForm(brandName);
  const typed = (stored.form ?? {}) as Record<string, unknown>;
  const form = Object.fromEntries(Object.entries(base).map(([field, fallback]) => {
    const value = typed[field];
    const sameShape = Array.isArray(fallback) ? Array.isArray(value) && value.every((entry) => typeof entry === 'string') : typeof value === typeof fallback;
    return [field, sameShape ? value : fallback];
  })) as unknown as CampaignForm;
  const step = typeof stored.step === 'number' && Number.isInteger(stored.step) ? Math.min(Math.max(stored.step, 0), LAST_STEP) : 0;
  const campaignId = typeof stored.campaignId === 'string' && /^[\w-]{1,64}$/.test(stored.campaignId) ? stored.campaignId : null;
  return { form, step, campaignId, savedAt: typeof stored.savedAt === 'string' ? stored.savedAt : '' };
}

/** Keeps the wizard; a full or refused storage is not an error the person can act on, so it is reported, not thrown. */
export function writeWizard(brandId: string, slot: string, wizard: Omit<StoredWizard, 'savedAt'>): boolean {
  try {
    localStorage.setItem(keyOf(brandId, slot), JSON.stringify({ ...wizard, savedAt: new Date().toISOString() }));
    return true;
  } catch {
    return false;
  }
}

export function clearWizard(brandId: string, slot: string): void {
  try {
    localStorage.removeItem(keyOf(brandId, slot));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
