export { OnboardingScreen } from './OnboardingScreen';
