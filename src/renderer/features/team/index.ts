export { TeamScreen } from './TeamScreen';
export { JoinBrandScreen } from './JoinBrandScreen';
export { useMyRole } from './useMyRole';
export { Authorship } from './Authorship';
