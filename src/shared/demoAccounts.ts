/** The demo workspace's accounts (seeded on first start of the embedded back end). */
export const DEMO_PASSWORD = 'Reelscope-demo-1';

export const DEMO_ACCOUNTS = {
  /** Brand manager, registration completed, two brands with three competitors each. */
  brandManager: { email: 'demo@reelscope.app', password: DEMO_PASSWORD, firstName: 'Maya', lastName: 'Ortiz' },
  /** A creator account: role vip_influencer, refused a brand session. */
  vipInfluencer: { email: 'creator@reelscope.app', password: DEMO_PASSWORD, firstName: 'Jun', lastName: 'Park' },
  /** A brand manager who has not completed registration. */
  pendingRegistration: { email: 'pending@reelscope.app', password: DEMO_PASSWORD, firstName: 'Lena', lastName: 'Fischer' },
} as const;

export const DEMO_BRANDS = ['Lumina Skincare', 'Trailforge Outdoor'] as const;
