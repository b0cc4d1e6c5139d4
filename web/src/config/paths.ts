/** The one route table: every link and redirect in the app names its target from here. */
export const paths = {
  home: '/',
  tools: '/tools',
  disputeGenerator: '/disputegenerator',
  disputes: '/disputes',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  faq: '/faq',
  testimonials: '/testimonials',
  payment: '/payment',
  success: '/success',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
