import type { Compared, DemographicsWidget } from '../../../../shared/http/home.schemas';
import { AGE_RANGES, ETHNICITIES, GENDERS } from '../../../../shared/constants';
import { valueLabel } from '../../../../shared/labels';
import { formatPercent } from '../../../lib/format';

const FAMILIES = [
  { key: 'age_range', title: 'Age ranges', buckets: AGE_RANGES },
  { key: 'gender', title: 'Genders', buckets: GENDERS },
  { key: 'ethnicity', title: 'Ethnicities', buckets: ETHNICITIES },
] as const;

/** The audience of the period's videos: one bar per bucket of each family, with the share before beside it. */
export function Demographics({ body }: { body: DemographicsWidget }) {
  return (
    <div className="home-demographics">
      {FAMILIES.map((family) => {
        const figures = body[family.key] as Record<string, Compared | null>;
        return (
          <div key={family.key} className="home-demographics__family">
            <h3>{family.title}</h3>
            <ul>
              {family.buckets.map((bucket) => {
                const figure = figures[bucket] ?? null;
                const share = figure?.current ?? 0;
                return (
                  <li key={bucket} className="home-bar">
                    <span className="home-bar__label">{valueLabel(bucket)}</span>
                    <span className="home-bar__track" aria-hidden="true">
                      <span className="home-bar__fill" style={{ inlineSize: `${Math.min(100, share * 100)}%` }} />
                    </span>
                    <span className="home-bar__value">
                      {figure === null ? '—' : formatPercent(share)}
                      {figure?.previous !== null && figure?.previous !== undefined && <span className="home-bar__before"> (was {formatPercent(figure.previous)})</span>}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
