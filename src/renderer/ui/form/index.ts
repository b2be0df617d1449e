export { TextField, TextAreaField } from './TextField';
export { FieldShell } from './FieldShell';
export type { FieldControlProps } from './FieldShell';
export { FormAlert } from './FormAlert';
export { SelectField, optionsOf } from './SelectField';
export type { SelectOption } from './SelectField';
export { WindowFields } from './WindowFields';
