import { identifierLabel, platformLabel, valueLabel } from '../../../../shared/labels';
import { AGE_RANGES, ETHNICITIES, GENDERS } from '../../../../shared/constants';
import { NOTE_FILTER_VALUES } from '../../../../shared/http/videos.schemas';
import type { FilterOption, VideoFilterOptions, VideoFilters } from '../../../../shared/http/videos.schemas';
import { formatCount } from '../../../../shared/rules/formatting';

/** One multi-choice filter family: where its values live in the filters and where its options come from. */
export interface ListFamily {
  key: string;
  title: string;
  get(filters: VideoFilters): readonly string[];
  set(filters: VideoFilters, values: string[]): VideoFilters;
  options(available: VideoFilterOptions | null): FilterOption[];
}

type OptionKey = keyof VideoFilterOptions;
const fromResponse = (key: OptionKey) => (available: VideoFilterOptions | null) => available?.[key] ?? [];
const fixed = (values: readonly string[], label: (value: string) => string = (value) => value) => () =>
  values.map((value) => ({ value, label: label(value), count: -1 }));

type TopList = 'platform' | 'scene' | 'pov' | 'influencer' | 'category' | 'product' | 'brand' | 'audio_labels' | 'language';
/** How a list's values read: platforms by their names, identifiers (scenes, points of view) as words. */
const READABLE: Partial<Record<TopList, (value: string) => string>> = { platform: platformLabel, scene: identifierLabel, pov: identifierLabel, audio_labels: identifierLabel };
const top = (key: TopList, title: string): ListFamily => ({
  key,
  title,
  get: (filters) => filters[key],
  set: (filters, values) => ({ ...filters, [key]: values }),
  options: (available) => {
    const readable = READABLE[key];
    const options = fromResponse(key)(available);
    // The response labels a value by itself where it has no name (a platform, a scene): show the readable form.
    return readable ? options.map((option) => (option.label === option.value ? { ...option, label: readable(option.value) } : option)) : options;
  },
});

const NOTE_LABELS: Record<string, string> = { has_note: 'Has a note', no_note: 'No note' };

/** Every multi-choice family of spec §3, in the order the filter panel shows them. */
export const LIST_FAMILIES: readonly ListFamily[] = [
  top('platform', 'Platform'),
  {
    key: 'note', title: 'Note',
    get: (f) => f.note.values,
    set: (f, values) => ({ ...f, note: { ...f.note, values: values as VideoFilters['note']['values'] } }),
    options: fixed(NOTE_FILTER_VALUES, (value) => NOTE_LABELS[value] ?? value),
  },
  {
    key: 'age_range', title: 'Age range',
    get: (f) => f.demographic.age_range,
    set: (f, values) => ({ ...f, demographic: { ...f.demographic, age_range: values as VideoFilters['demographic']['age_range'] } }),
    options: fixed(AGE_RANGES),
  },
  {
    key: 'ethnicity', title: 'Ethnicity',
    get: (f) => f.demographic.ethnicity,
    set: (f, values) => ({ ...f, demographic: { ...f.demographic, ethnicity: values as VideoFilters['demographic']['ethnicity'] } }),
    options: fixed(ETHNICITIES, valueLabel),
  },
  {
    key: 'gender', title: 'Gender',
    get: (f) => f.demographic.gender,
    set: (f, values) => ({ ...f, demographic: { ...f.demographic, gender: values as VideoFilters['demographic']['gender'] } }),
    options: fixed(GENDERS, valueLabel),
  },
  top('scene', 'Scene'),
  top('pov', 'POV'),
  top('influencer', 'Creator'),
  top('category', 'Category'),
  top('product', 'Product'),
  top('brand', 'Brand'),
  top('audio_labels', 'Audio labels'),
  {
    key: 'visual_content', title: 'Brand safety: visual content',
    get: (f) => f.brand_safety.visual_content,
    set: (f, values) => ({ ...f, brand_safety: { ...f.brand_safety, visual_content: values as VideoFilters['brand_safety']['visual_content'] } }),
    options: fromResponse('visual_content'),
  },
  {
    key: 'foul_language', title: 'Brand safety: foul language',
    get: (f) => f.brand_safety.foul_language,
    set: (f, values) => ({ ...f, brand_safety: { ...f.brand_safety, foul_language: values as VideoFilters['brand_safety']['foul_language'] } }),
    options: fromResponse('foul_language'),
  },
  top('language', 'Language'),
  {
    key: 'sponsored_by', title: 'Sponsored by',
    get: (f) => f.sponsored.sponsored_by,
    set: (f, values) => ({ ...f, sponsored: { ...f.sponsored, sponsored_by: values } }),
    options: fromResponse('sponsored_by'),
  },
  {
    key: 'topics', title: 'Topics',
    get: (f) => f.topic.topics,
    set: (f, values) => ({ ...f, topic: { ...f.topic, topics: values } }),
    options: fromResponse('topics'),
  },
  {
    key: 'subTopics', title: 'Sub-topics',
    get: (f) => f.topic.subTopics,
    set: (f, values) => ({ ...f, topic: { ...f.topic, subTopics: values } }),
    options: fromResponse('subTopics'),
  },
];

/** An active filter shown as a removable chip. */
export interface FilterChip {
  id: string;
  label: string;
  remove(filters: VideoFilters): VideoFilters;
}

/** The chips for the active filters; option labels come from the response (creator and product names). */
export function filterChips(filters: VideoFilters, available: VideoFilterOptions | null): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const family of LIST_FAMILIES) {
    const options = family.options(available);
    for (const value of family.get(filters)) {
      const label = options.find((option) => option.value === value)?.label ?? value;
      chips.push({
        id: `${family.key}:${value}`,
        label: `${family.title}: ${label}`,
        remove: (current) => family.set(current, family.get(current).filter((entry) => entry !== value)),
      });
    }
  }
  if (filters.note.text.trim() !== '') {
    chips.push({ id: 'note:text', label: `Note contains “${filters.note.text.trim()}”`, remove: (f) => ({ ...f, note: { ...f.note, text: '' } }) });
  }
  if (filters.views && filters.views.value !== null) {
    const sign = filters.views.radio === 'gte' ? '≥' : '≤';
    chips.push({ id: 'views', label: `Views ${sign} ${formatCount(filters.views.value)}`, remove: (f) => ({ ...f, views: null }) });
  }
  if (filters.sponsored.sponsorship !== null) {
    chips.push({
      id: 'sponsorship',
      label: filters.sponsored.sponsorship ? 'Sponsored only' : 'Not sponsored',
      remove: (f) => ({ ...f, sponsored: { ...f.sponsored, sponsorship: null } }),
    });
  }
  return chips;
}
