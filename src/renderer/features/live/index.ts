export { LiveChanges } from './LiveChanges';
export { teammateName } from './teammateName';
