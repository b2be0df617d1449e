export { OnboardingScreen } from './OnboardingScreen';
export { BrandDetailsForm } from './BrandDetailsForm';
