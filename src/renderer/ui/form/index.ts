export { TextField } from './TextField';
export { FormAlert } from './FormAlert';
