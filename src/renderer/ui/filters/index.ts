import './filters.css';
export { CheckboxGroup } from './CheckboxGroup';
export type { ChoiceOption } from './CheckboxGroup';
export { RadioGroup } from './RadioGroup';
export { FilterChips } from './FilterChips';
export type { Chip } from './FilterChips';
export { NoteTextForm } from './NoteTextForm';
