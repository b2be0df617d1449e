export { TutorialLayer } from './TutorialLayer';
export { UserGuideButton } from './UserGuideModal';
export { TutorialCard } from './TutorialCard';
export { TUTORIALS } from './tutorials.content';
