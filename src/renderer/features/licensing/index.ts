export { LicensingScreen } from './LicensingScreen';
