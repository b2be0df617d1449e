export { CampaignsScreen } from './CampaignsScreen';
export { CampaignDetailScreen } from './detail/CampaignDetailScreen';
export { CampaignWizardScreen } from './wizard/CampaignWizardScreen';
