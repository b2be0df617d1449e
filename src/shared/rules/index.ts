export * from './validation';
export * from './formatting';
export * from './licensing';
export * from './videos';
export * from './campaignTabs';
export * from './analysedParts';
