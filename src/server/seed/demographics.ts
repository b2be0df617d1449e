import { AGE_RANGES, ETHNICITIES, GENDERS } from '../../shared/constants';
import type { Demographics } from '../../shared/domain/video';
import type { Domain } from './catalog';
import type { Prng } from './prng';

// Audiences skew young for both markets; skincare skews female, outdoor slightly male.
const AGE_WEIGHTS = [0, 0.05, 0.2, 0.6, 1.6, 1.5, 1.3, 0.8, 0.4, 0.2];

/** Audience shares per age range, ethnicity and gender, each summing to 1. */
export function makeDemographics(rng: Prng, domain: Domain): Demographics {
  const raw = AGE_RANGES.map((_, i) => (AGE_WEIGHTS[i] ?? 0.1) * rng.float(0.5, 1.5));
  const total = raw.reduce((a, b) => a + b, 0);
  const age_range: Record<string, number> = {};
  let left = 1000;
  AGE_RANGES.forEach((range, i) => {
    const share = i === AGE_RANGES.length - 1 ? left : Math.round(((raw[i] ?? 0) / total) * 1000);
    left -= share;
    age_range[range] = Math.max(0, share) / 1000;
  });
  const female = Math.round((domain === 'skincare' ? rng.float(0.62, 0.9) : rng.float(0.3, 0.52)) * 1000) / 1000;
  const [male = 'male', fem = 'female'] = GENDERS;
  return {
    age_range,
    ethnicity: rng.shares(ETHNICITIES, 1.5),
    gender: { [male]: Math.round((1 - female) * 1000) / 1000, [fem]: female },
  };
}
