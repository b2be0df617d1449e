export { LicensingScreen } from './LicensingScreen';
export { LicenseVideoButton } from './LicenseVideoButton';
