/** Media times are written by the shared rule, so a report PDF and the player say the same "1:05". */
export { describeTime, formatTime } from '../../../shared/rules/mediaTime';
