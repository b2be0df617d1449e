export { TextField } from './TextField';
export { FormAlert } from './FormAlert';
export { SelectField, optionsOf } from './SelectField';
export type { SelectOption } from './SelectField';
export { WindowFields } from './WindowFields';
