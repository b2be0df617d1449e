import type { ChoiceOption } from './CheckboxGroup';
import { CheckboxGroup } from './CheckboxGroup';

/** One multi-choice filter family of a list: where its values live in the filters `F` and where options `O` offer them. */
export interface ChoiceFamily<F, O> {
  key: string;
  title: string;
  get(filters: F): readonly string[];
  set(filters: F, values: string[]): F;
  options(available: O | null): readonly ChoiceOption[];
}

interface FamilyGroupsProps<F, O> {
  families: readonly ChoiceFamily<F, O>[];
  filters: F;
  /** The filter options of the list answer (null before the first one). */
  options: O | null;
  onChange: (filters: F) => void;
}

/** A checkbox group per family, as every list's filter panel shows them (videos, products). */
export function FamilyGroups<F, O>({ families, filters, options, onChange }: FamilyGroupsProps<F, O>) {
  return families.map((family) => (
    <CheckboxGroup
      key={family.key}
      legend={family.title}
      options={family.options(options)}
      selected={family.get(filters)}
      onChange={(values) => onChange(family.set(filters, values))}
    />
  ));
}
