export { TranscriptPanel } from './TranscriptPanel';
export type { TranscriptPanelLine } from './TranscriptPanel';
export { TranscriptSnippet } from './TranscriptSnippet';
export { HighlightedText, splitMatches } from './HighlightedText';
export { TimeButton } from './TimeButton';
export { formatTime, describeTime } from './formatTime';
